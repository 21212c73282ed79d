"""The leak checks: information hiding tested without trusting the game's own `sample()`.

From a reached state of a declared game and one seat, the core itself makes **twins**: states the seat
cannot tell apart, every card it cannot see redealt within the lots the record says it came from, other
seats' secret commitments redrawn, chance reseeded (`corekit.state.sampling.resample`, the core's redeal, whatever
sampling hook the game overrides: `sample`, `determinize` or `_resample`). Then:

1. **Now** (`check_twin`): the seat's observation, its legal actions, `to_act` and the rendering of its view
   are the same in the state and in a twin.
2. **The future** (`check_forward`): from the state and a twin with the same chance generator, the same
   actions are played forward (the seat's own and, for the other seats, one legal in both; where another seat's
   action is a secret commitment, the twin commits another choice, one of its own where the two share no legal
   action, so a choice shown before its reveal is seen to differ), and after each the seat's observation, the
   commentary (`events`), the rendering and its legal actions must stay the same, until something the seat is
   entitled to see differs: a card in a zone it sees
   (or the size or face-up cards of one it does not), a secret commitment revealed, or chance drawn differently
   (the generators no longer agree). Where the step that stopped it was another seat's (`twins.Probe`), it is
   played once more on a state that differs from the real one only where that step shows nothing: a secret choice's
   step (a market refilled at every bid) from the state itself with the twin's choice, the cards and chance the
   same; a step laying a hand's cards face up on a twin dealt with those cards where they lay (and with what it
   takes off a deck on top of the twin's), the hand's others dealt anew. What the seat then sees, is told and is
   drawn must be the same, unless the step revealed commitments (for the other choice, even a zone's cards or
   size: only the choice differs). This finds a log, a counter or a rendered line that names a card drawn face
   down, a secret choice before its reveal, or the cards a seat keeps hidden as it lays others down.
3. **A deal, a draw or a roll made during play** (`check_redeal`, asked by the conformance checks at every move): a
   twin played forward shares the state's generator, so a deck gathered or reshuffled in a step, or dice rolled in
   it, come out the same in both, and a twin's forward play stops at the first card the seat itself draws, so a line
   naming the others' draws of that same step (everyone draws after a reveal) would pass it. The move is played again
   with that deck shuffled once more, every deck whose order nobody has seen (a deck's face-down cards, its face-up
   top cards left where they lie) shuffled before the move, and the dice the state rolls through `DeclaredState.roll`
   rolled again, by a generator of the check's own, the state's left as it was. The step is traced first, as it comes
   (`corekit.redeal`): each deck's order after its shuffle, the position each card left it from and where it went,
   each die and its cup, and what each hidden zone showed. The cards the step shows (turned up from the deck, or
   shown by the zone they went to: stud up-cards, a cup lifted) are put back at their positions in the deck dealt
   otherwise, by position, so among copies the one that lay there, and such dice keep their faces, as do dice rolled
   face up: what each seat sees of the two, its own hidden cards aside, must be the same, unless chance was drawn
   otherwise, other cards were turned up or a zone's size came out otherwise. Before a seat is blamed, the step is
   played once more with that seat's own new dice kept and its new cards put back where they lay; where they cannot
   be dealt again so (a deck whose list the game changed by hand, not through the zone methods, is not traced), a
   difference only in that seat's own secret commitment is not reported. Where a hidden zone received several equal
   cards and showed one, which of them is not traced: each is tried in turn (`GUESSES` ways at most), then all of
   them kept. This finds a log or a counter naming the new deal, draw or roll, written in the step that made it.
4. **Samples against the truth** (`check_sample_truth`): over `TRUTH_SAMPLES` samples of a position, for each
   zone hidden from the seat (and each other seat's secret commitment), how often the game's sample matches the
   truth is compared with how often it matches a twin, drawn afresh for each sample: the pairs where exactly one
   matches are counted, and an exact one-sided sign test refuses a sample that prefers the truth at
   significance `TRUTH_ALPHA`; each face-down card of an ordered hidden pile is compared on its own too, by its
   place from the top (the next one drawn, the one after it, ...), and so is how many of each of its cards an
   unordered hidden zone holds; a game's own `determinize` is tested as its
   `sample` is (`sampling_methods`). A
   fair sample matches the truth no more often than any world the seat cannot tell from it; one that keeps
   another seat's hand, or the deck's next card, matches the truth every time.

5. **The deal at setup** (`check_setup_deal`, asked by the conformance checks for their first matches): a twin
   copies every public field, so one a game sets from a face-down card as it deals (a log naming the bottom card)
   is the same in every twin and in every future. The match is set up again with the cards each seat cannot see,
   and of which it sees no copy anywhere, dealt otherwise: after each `Rng.shuffle` of the setup, the only place
   a setup's chance for cards is seen (the game makes the generator itself), those cards are shuffled once more
   among their own positions by a generator of the check's own, the state's left as it was, so every card the
   setup shows or gives the seat lies where it did. What the seat sees of the two, its own cards aside, must be the
   same, unless other cards came up or a zone's size changed (a setup that deals by the cards' values: nothing can
   be told).
Everything a seat is shown is compared by `alike`, not by the game's `==`: types count (`3` is not `3.0`), and so
do the attrs fields `==` leaves out, the slots of classes written by hand, a set's items and the attributes put
into a view's `__dict__` or slots. `check_weights` compares `face_down_weights` with those of a twin whose parked
cards were dealt evenly: weights that read the card (or its owner's hand) would make every twin keep it;
`check_choices` does as much for `commitment_choices`, which must not change when another of a seat's choices is
stored in place of its secret commitment (choices naming what it chose would make every twin keep the choice).
(`corekit.conformance` adds checks of its own that no twin could find, its docstring lists them: a clone holding
the original's zones inside another field, static content written outside setup or differing between seeds, a
public object whose `view()` shows one thing for two different values, and draw piles dealt alike in every match.)

What they cannot find, each tried by an outside tester's hostile games:
- a zone or field the game declares public is public: the checks trust the declaration. A public object whose
  `view()` shows less than it holds, with no `to_data()` to compare, is copied whole into samples; the size of a
  face-down pile is public, so a game that burns a card only when a hidden card is high tells it by the size;
  a card's identity the game writes into a public field is caught only once it differs in a twin's future, or at
  setup by section 5 when a shuffle dealt it (not when the setup deals by the cards' values, nor when it drew the
  fact otherwise, by `Rng.below`, say);
- a card that passed through a face-up zone inside one `apply` counts as seen, though no view showed it there;
- another seat's card played face down is the same action in a twin, so a log naming it is the same there;
- `Game.card_family` says which cards a twin may swap: families as fine as the cards let no twin differ;
- a fact written into the seat's own commitment is kept by every twin, as the seat's own;
- a zone's order where the declaration says it has none, shown when its cards move to an ordered face-up zone;
- an undeclared game's twins come from its own `sample()`; and the search is random, not exhaustive.

Each failure is one line naming the seat, the field or zone that differed and the two values seen, down to the
first item or field inside it that differs (`log[4]: 'seat 0 draws 1' vs 'seat 0 draws 3'`: `first_difference`).

The package keeps these apart in small modules, each importable as `corekit.leaks` exports it: `twins` (the
twins, what a seat sees now and played forward, `check_weights`, `check_choices`), `deals` (`check_redeal`,
`check_setup_deal`), `truth` (the truth test), `record` (`unrecorded_change`) and `compare` (`alike`,
`first_difference`).
"""

from __future__ import annotations

from corekit.leaks.compare import SHOWN_CHARACTERS, alike, first_difference
from corekit.leaks.deals import GUESSES as GUESSES  # docs/writing-a-game.md names `leaks.GUESSES`
from corekit.leaks.deals import check_redeal, check_setup_deal
from corekit.leaks.record import unrecorded_change
from corekit.leaks.truth import TRUTH_ALPHA, TRUTH_SAMPLES, TruthTally, check_sample_truth, sampling_methods
from corekit.leaks.twins import (
    FORWARD_STEPS,
    check_choices,
    check_forward,
    check_twin,
    check_weights,
    declared,
    parked_commitment,
    secret_fields,
    twin,
)

__all__ = [
    "FORWARD_STEPS",
    "SHOWN_CHARACTERS",
    "TRUTH_ALPHA",
    "TRUTH_SAMPLES",
    "TruthTally",
    "alike",
    "check_choices",
    "check_forward",
    "check_redeal",
    "check_sample_truth",
    "check_setup_deal",
    "check_twin",
    "check_weights",
    "declared",
    "first_difference",
    "parked_commitment",
    "sampling_methods",
    "secret_fields",
    "twin",
    "unrecorded_change",
]
