"""Side panels: the parameters, the point inspector, the controls, labels, Choose K and the restart
gallery, clusters against classes, the most uncertain points, and their shared parts.

May import: `gui.plots`, `gui.style`, `gui.widgets` and the app.
"""
