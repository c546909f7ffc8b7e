"""Tests of the notation layer."""
