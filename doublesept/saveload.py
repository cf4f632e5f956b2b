"""Kept for code written before the engine core: ``save`` and ``load`` live in
``doublesept.core.saveload`` now, and go through the registry of games."""

from .core.saveload import FORMAT, VERSION, field, from_dict, load, save, to_dict

__all__ = ["FORMAT", "VERSION", "field", "from_dict", "load", "save", "to_dict"]
