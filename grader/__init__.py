"""An autograder for the lesson "Bind toestemming aan de exacte handeling"."""

__version__ = "0.1.0"
