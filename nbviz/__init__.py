"""nbviz: watch the EM algorithm work, one E-step and one M-step at a time."""

__version__ = "0.1.0"
