"""What the tests share: the test client's contract check, request bodies and the game
endpoints, Alhambras, engine scenes, the listing check, whole seeded games as records, hostile
input, the browser's phone and the page's taps (its pieces, its scoring modules, positions of a
game against the computer), a clock, the import reader.

Test modules import from here and never from one another
(``tests/contract/test_layers.py``); ``tests/conftest.py`` has pytest rewrite the asserts
of these modules as it does a test module's.
"""
