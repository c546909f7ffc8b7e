"""Tests of the cli layer."""
