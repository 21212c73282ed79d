"""A position file edited as a person edits it, read back: the games' checks guard such files, so their tests go
through the position reader as that person does."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from corekit.game import Game
from corekit.position import PositionError, dumps, loads
from corekit.state import DeclaredState


def refusal(game: Game, state: DeclaredState, edit: Callable[[dict[str, Any]], None]) -> str:
    """What the position reader says of `state`'s whole position once `edit` has changed its JSON (it must refuse
    it), without the game's name in front."""
    document = json.loads(dumps(state))
    edit(document)
    with pytest.raises(PositionError) as refused:
        loads(game, json.dumps(document))
    return str(refused.value).removeprefix(f"{game.id} cannot be set up this way: ")
