"""A game's rules page as players read it, in the room and in the terminal.

docs/rules/<id>.md is written for players and developers alike. Players are shown the rules: no
sentence that points into the repository, no option identifiers, no action ids, and none of the
sections about the computer players or the engine's speed and length.
"""

from __future__ import annotations

import re

_REPOSITORY = re.compile(r"`?\b(?:shared|parlour|tests|bench|scripts|docs|seeds)/|\.py\b|"
                         r"GAMES\.md|\]\(\.\./|`[A-Z_]{3,}`|`\w+\(|\b[a-z]+_[a-z]+s\b|"
                         r"(?i:\baction ids?\b)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(`*])")
_IDENTIFIER = re.compile(r"`([a-z0-9]*_[a-z0-9_]*(?:=[a-z0-9_]+)?|[a-z0-9]+=[a-z0-9]*_[a-z0-9_]*)`")
# Sections for developers: how the computer plays, how fast the engine is, how long games run.
_NOTES = re.compile(r"#+\s*(?:the\s+)?(?:computer players?|speed|length)\s*$", re.IGNORECASE)
_ITEM = re.compile(r"\s*(?:[-*+]|\d+\.)\s+")


def for_players(text: str, options=()) -> str:
    """The page without what is not for players. `options` names the game's options, which are
    players' words even where they look like identifiers (`god_effects`); they are shown in
    plain words (`god effects`)."""
    names = re.compile("|".join(rf"\b{re.escape(name)}\b" for name in options)) if options \
        else None

    def repository(text: str) -> bool:
        return bool(_REPOSITORY.search(names.sub("option", text) if names else text))

    out: list[str] = []
    block: list[str] = []  # a paragraph or a list item, with its continuation lines
    lead = ""  # a list item's marker and indent, kept in front of its sentences
    notes_level = 0  # inside a developers' section of this heading level

    def flush() -> None:
        nonlocal lead
        if block:
            sentences = _SENTENCE.split(" ".join(block))
            kept = [s for s in sentences if not repository(s)]
            if kept:
                out.append(lead + " ".join(kept))
            block.clear()
        lead = ""

    fenced = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            level = len(stripped) - len(stripped.lstrip("#"))
            if notes_level and level > notes_level:
                continue
            notes_level = level if _NOTES.fullmatch(stripped) else 0
        if notes_level:
            continue
        if stripped.startswith("```"):
            flush()
            fenced = not fenced
            out.append(line)
            continue
        item = _ITEM.match(line)
        if fenced or not stripped or stripped.startswith(("|", "#", ">")):
            flush()
            if not repository(line):
                out.append(line)
        elif item:
            flush()
            lead = item.group(0)
            block.append(line[item.end():].strip())
        else:
            block.append(stripped)
    flush()
    return _IDENTIFIER.sub(lambda m: "`" + m.group(1).replace("_", " ").replace("=", " ") + "`",
                           "\n".join(out))
