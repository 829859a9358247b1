"""The application layer: the API's operations without Flask, shared by the HTTP views
(``calculator.web``) and the console script (``calculator.cli``).

An operation takes a request document (parsed JSON) and gives a response document, or raises
:class:`~calculator.api.problems.ApiProblem`. It checks the body against its contract
(``contract.py``) and loads it into core and engine types, one way for every request
(``requests.read``: one loader per request type, on the codecs of ``wire.py``,
``game_document.py`` and ``table_document.py``), asks the rules core or the engine, and dumps
the answer (``responses.py``). Strict JSON in
and out is ``json_text.py``.
"""
