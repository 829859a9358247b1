"""The modules, one package each, named by its wire name."""
