"""One folder per game; each provides a ``State`` implementing :mod:`jick.engine`."""
