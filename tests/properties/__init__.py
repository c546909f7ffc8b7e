"""Tests of the properties layer."""
