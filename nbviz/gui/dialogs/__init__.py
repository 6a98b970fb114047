"""Dialogs: loading data, synthesising data from chosen true parameters."""
