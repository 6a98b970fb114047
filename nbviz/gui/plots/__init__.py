"""Plots of the data, the densities, the parameters and the objective."""
