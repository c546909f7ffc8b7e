"""Tests of the judge layer."""
