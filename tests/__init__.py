"""The test suite (a package, so tests can share helpers such as ``mutations``)."""
