"""Smear conformance tests: one test per scenario of SPEC section 6.1 to 6.9."""
