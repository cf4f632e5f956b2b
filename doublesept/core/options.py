"""Rule options and presets, declared once per game.

One ``Option`` per option gives its name, its allowed values or range, its
default, the ruling it implements, its words in English and French, and the
options it cannot go with or depends on. A game's ``Options`` gathers them with
named presets. Text positions (the ``rules:`` line), JSON saves,
``new_game(**options)``, the widget's rules line and the error messages all read
that one declaration.

>>> from doublesept.sevens import SevensRules
>>> SevensRules(opening="any").changes()
{'opening': 'any'}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from ..errors import NotationError, OptionError, shown
from .numbers import read_whole


@dataclass(frozen=True)
class Option:
    """One rule option.

    ``values`` lists the allowed values (text), or ``low``/``high`` bound a whole
    number. ``words`` maps a value to how the rules line says it, in English and
    French (default: "<name> <value>"). ``normalise`` turns another spelling of a
    value into the canonical one (for example '7d' into '7♦').
    ``conflicts`` and ``requires`` are tuples of ``(my_values, other_name,
    other_values)``: when this option takes one of ``my_values``, the other may
    not take (conflicts), or must take (requires), one of ``other_values``. A fourth
    item, when there is one, says why and what to do instead, for the error's message.
    """

    name: str
    default: object
    ruling: str
    rule_id: str
    en: str  # a noun phrase: "the opening"
    fr: str
    values: tuple = ()
    low: int | None = None
    high: int | None = None
    words: dict = field(default_factory=dict)
    phrase: tuple = ()  # (en, fr) templates with {value}, for values not in ``words``
    normalise: Callable | None = None
    conflicts: tuple = ()
    requires: tuple = ()

    @property
    def is_number(self) -> bool:
        return self.low is not None

    def allowed(self) -> str:
        if self.is_number:
            return f"a whole number from {self.low} to {self.high}"
        return "one of " + ", ".join(str(v) for v in self.values)

    def read(self, value):
        """The canonical value, or OptionError naming the option, the rule and what is allowed."""
        if self.is_number:  # an int: text is read by read_text (a position's rules line)
            if value.__class__ is int and self.low <= value <= self.high:
                return value
        else:
            if value.__class__ is str and value not in self.values and self.normalise:
                value = self.normalise(value)
            if value.__class__ is str and value in self.values:
                return value
        raise OptionError(f"[{self.rule_id}] {self.name}: {self.en} is {self.allowed()}, not "
                          f"{shown(value)}")

    def describe(self, value, lang: str = "en") -> str:
        words = self.words.get(value)
        if words:
            return words[1] if lang == "fr" else words[0]
        if self.phrase:
            return (self.phrase[1] if lang == "fr" else self.phrase[0]).format(value=value)
        return f"{self.name.replace('_', ' ')} {value}"


class Options:
    """The declaration of a game's options, with its named presets.

    ``presets`` maps a name to the values it changes, for example
    ``{"app": {}}`` for a preset that is the default rules.
    """

    def __init__(self, game: str, options: tuple[Option, ...], presets: dict | None = None):
        self.game = game
        self.options = {o.name: o for o in options}
        self.presets = dict(presets or {})
        for preset, values in self.presets.items():  # a bad preset is a bug: fail at import
            self.resolve(values, where=f"preset {preset!r}")

    @property
    def names(self) -> tuple:
        return tuple(self.options)

    def defaults(self) -> dict:
        return {name: o.default for name, o in self.options.items()}

    def resolve(self, values, preset: str | None = None, where: str = "rules") -> dict:
        """Every option's value: the defaults, then the preset, then ``values``.

        Raises OptionError for an unknown option or preset, a value out of bounds,
        or two options that cannot go together (naming both).
        """
        resolved = self.defaults()
        if preset is not None:
            if not isinstance(preset, str) or preset not in self.presets:
                raise OptionError(f"{where}: there is no preset {shown(preset)} for {self.game}; "
                                  f"the presets are {', '.join(self.presets) or 'none'}")
            resolved.update(self.presets[preset])
        for name, value in values.items():
            if name not in self.options:
                raise OptionError(f"{where}: unknown rule option {shown(name)}; the options of "
                                  f"{self.game} are {', '.join(self.options)}")
            resolved[name] = value
        for name, value in resolved.items():
            resolved[name] = self.options[name].read(value)
        for name, option in self.options.items():
            for mine, other, theirs, *why in option.conflicts:
                if resolved[name] in mine and resolved[other] in theirs:
                    raise OptionError(
                        f"{where}: {name}={resolved[name]} cannot go with "
                        f"{other}={resolved[other]}{''.join(': ' + w for w in why)} "
                        f"[{option.rule_id}, ruling {option.ruling}]")
            for mine, other, theirs, *why in option.requires:
                if resolved[name] in mine and resolved[other] not in theirs:
                    raise OptionError(
                        f"{where}: {name}={resolved[name]} needs {other} to be "
                        f"{' or '.join(str(t) for t in theirs)}, not {resolved[other]}"
                        f"{''.join(': ' + w for w in why)} "
                        f"[{option.rule_id}, ruling {option.ruling}]")
        return resolved

    def read_text(self, text: str, where: str = "rules") -> dict:
        """Read 'option=value, option=value' (a position's ``rules:`` line) into a dict.

        Raises NotationError for a malformed item, OptionError for a bad option."""
        values = {}
        for item in text.split(","):
            if not item.strip():
                continue
            key, sign, value = (part.strip() for part in item.partition("="))
            key = key.replace("-", "_")
            if not sign or not value:
                raise NotationError(f"{where}: {item.strip()!r} should read 'option=value', "
                                    f"such as '{self._example()}'")
            if key in values:
                raise NotationError(f"{where}: {key!r} is given twice")
            option = self.options.get(key)
            if option is not None and option.is_number:
                value = read_whole(value, f"{where}: {key}", option.low, option.high)
            values[key] = value
        return values

    def _example(self) -> str:
        for option in self.options.values():
            if option.values:
                return f"{option.name}={option.values[-1]}"
        return "option=value"

    def changes(self, resolved: dict) -> dict:
        """The options whose value differs from the default, in declaration order."""
        return {k: v for k, v in resolved.items() if v != self.options[k].default}

    def describe(self, resolved: dict, lang: str = "en", skip: tuple = ()) -> str:
        """The non-default options in words, such as 'Rules: opening any 7'; '' for defaults."""
        words = [self.options[k].describe(v, lang) for k, v in self.changes(resolved).items()
                 if k not in skip]
        if not words:
            return ""
        return ("Règles : " if lang == "fr" else "Rules: ") + ", ".join(words)


class RuleSet:
    """The options of one game, as an immutable value with one attribute per option.

    A game subclasses it and sets ``declaration``; ``positional`` names the options
    that may be given by position, in order.
    """

    declaration: ClassVar[Options]
    positional: ClassVar[tuple] = ()

    def __init__(self, *args, preset: str | None = None, **values):
        if len(args) > len(self.positional):
            raise OptionError(f"{type(self).__name__} takes at most {len(self.positional)} "
                              f"options by position ({', '.join(self.positional)})")
        for name, value in zip(self.positional, args):
            if name in values:
                raise OptionError(f"{name} is given twice")
            values[name] = value
        resolved = self.declaration.resolve(values, preset)
        for name, value in resolved.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_values", tuple(resolved.items()))

    def __setattr__(self, name, value):
        raise AttributeError(f"rule options cannot change ({name}): make a new {type(self).__name__}")

    def as_dict(self) -> dict:
        return dict(self._values)

    def changes(self) -> dict:
        return self.declaration.changes(self.as_dict())

    def describe(self, lang: str = "en", skip: tuple = ()) -> str:
        return self.declaration.describe(self.as_dict(), lang, skip)

    def to_text(self, skip: tuple = ()) -> str:
        """The non-default options as a ``rules:`` line reads them: 'opening=any, ...'."""
        return ", ".join(f"{k}={v}" for k, v in self.changes().items() if k not in skip)

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other._values == self._values

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._values))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self._values)})"

    def __reduce__(self):
        return (_rebuild, (type(self), self.as_dict()))


def _rebuild(cls, values):
    return cls(**values)
