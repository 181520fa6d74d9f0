"""Prints the file the package tfc is imported from."""

import tfc

print(tfc.__file__)
