"""Side panels: parameters, point inspector, controls."""
