"""Session state and control without widgets: what the window shows, as plain objects with Qt signals."""
