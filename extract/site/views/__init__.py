"""One view builder per page family."""
