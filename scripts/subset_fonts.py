#!/usr/bin/python3
"""Cuts each KaTeX font down to the characters the site's typeset math uses (scripts/build-site.mjs).

    /usr/bin/python3 scripts/subset_fonts.py CHARACTERS_FILE FROM_DIR TO_DIR

KaTeX's fonts hold every glyph TeX might ask for; the lessons use a few dozen, and the
two fonts every page loads (Main-Regular, Math-Italic) were 42 KB of a page's first load.
The math is typeset when the site is built and no page typesets any later, so the
characters in the built pages are all a font can be asked for.
"""

import os
import sys

from fontTools import subset


def main():
    characters_file, source, target = sys.argv[1:4]
    with open(characters_file, encoding="utf-8") as f:
        text = f.read()
    options = subset.Options()
    options.flavor = "woff2"  # needs python3-brotli
    options.layout_features = ["*"]  # KaTeX's kerning and ligatures, as in the full font
    options.hinting = False  # screens that draw these sizes ignore TrueType hints
    options.notdef_outline = True
    for name in sorted(os.listdir(source)):
        if not name.endswith(".woff2"):
            continue
        font = subset.load_font(os.path.join(source, name), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text)
        subsetter.subset(font)
        subset.save_font(font, os.path.join(target, name), options)


if __name__ == "__main__":
    main()
