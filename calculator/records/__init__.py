"""A game's record for referees (issue 26): pure, like the engine it plays through
(``new_game``, ``legal_actions``, ``apply``, the players' ``advise``).

* :mod:`record`: a record is the new game and its moves (T1), with the tags a person gives it;
* :mod:`notation`: its text, read leniently and written strictly, in the spirit of PGN;
* :mod:`replay`: the game after any move, and the first move the rules refuse, with its rule;
* :mod:`review`: every decision judged by a computer player, with the seat's information only;
* :mod:`position`: a table-mode state from what lies on a table, everything unseen pooled.

The operations on the wire are :mod:`calculator.api.records` and
:mod:`calculator.api.positions`; the guide is ``docs/records.md``.
"""
