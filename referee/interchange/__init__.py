"""interchange."""
