"""Campfire games for OpenSpiel and PettingZoo, and OpenSpiel's bots in Campfire seats (docs/interop.md).

`corekit.interop.openspiel` needs the extra `[openspiel]` and `corekit.interop.pettingzoo` the extra
`[pettingzoo]`; `corekit.interop.encoding` (how an observation becomes a string and a vector) needs neither.
Nothing here knows a game: every installed game is adapted through the game contract and its `action_space`.
"""
