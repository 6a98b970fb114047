"""Small widgets the panels, plots and dialogs share: the message banner, labels that fit or hold
still, a spin box of significant digits, a row of widgets and OK / Cancel, the wheel guard, a lazily
built dock, and `SessionView`, the base of every widget that shows a session.

May import: `gui.style` and the app. No other gui package.
"""
