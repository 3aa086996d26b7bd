"""The files an SVG would make svglib read, checked before svglib sees any: references (`href`,
`xlink:href`, CSS `url()`, `@import`) name the SVG's own elements (`#id`) or files inside the game
folder, never through a link; the SVG and the files it uses count together against MAX_BYTES and
MAX_NODES, and so do the copies every `<use>` makes, counted before anything is drawn."""
from __future__ import annotations

import os
import re

MAX_BYTES = 8 * 1024 * 1024   # the SVG and every file it uses, together
MAX_NODES = 100_000           # their elements, and the elements drawn once every <use> is expanded
REFUSED = {
    "textPath": "text along a path is not drawn: convert it to outlines (paths) in your editor",
    "tref": "text by reference is not drawn: write the text itself, or convert it to outlines",
    "image": "embedded bitmaps are not drawn: export the bitmap as a PNG and place it with its own image element",
    "pattern": "patterns are not drawn: use flat colours or paths",
    "mask": "masks are not drawn: flatten the art in your editor",
    "filter": "filters (blur, shadow …) are not drawn: flatten the art in your editor",
    "clipPath": "clip paths are not drawn: flatten the art in your editor (e.g. Path → Intersection)",
    "foreignObject": "foreign objects (HTML) are not drawn",
}
GRADIENTS = ("linearGradient", "radialGradient")   # drawn in the SVG the layout names (pnp.layout.svggrad)
USED_GRADIENT = ("gradients are drawn in the SVG the layout names, not in a file it uses: copy the art (with its "
                 "gradient) into that SVG")
OUTSIDE = ("refers to `{ref}`, which is not inside the game folder (SVG art may refer to its own elements, "
           "`#id`, and to files inside the game folder, not through links)")
_TOKEN = re.compile(r"""\s*(?:(['"])(.*?)(?:\1|$)|([^\s;'"]*))""", re.S)   # after `@import`: a string or a word
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")


class SvgError(ValueError):
    pass


class _Files:
    """The SVG files one drawing reads, each read once after its references were checked; their bytes,
    elements and `<use>` copies counted together."""

    def __init__(self, root: str, main: str):
        self.root, self.main = root, main
        self.docs: dict = {}     # real path → root element
        self.uses: dict = {}     # <use> element → (file, fragment or None) it copies
        self.ids: dict = {}      # (file, id) → elements with that id
        self.where: dict = {}    # <use> element → (file, its href), for messages
        self.inside: set = set()  # (reference, file) found inside the root, not through a link
        self.bytes = self.nodes = 0

    def name(self, path: str) -> str:
        return os.path.relpath(path, self.root).replace(os.sep, "/")

    def read(self, path: str, by):
        """The root element of an SVG file, read and checked; `by`: the `<use>` line that pulls it in."""
        from lxml import etree
        from pnp.content.yamlfile import special_file
        if path in self.docs:
            return self.docs[path]
        main = path == self.main
        odd = special_file(path)
        if odd:   # a pipe would block the build for ever
            raise SvgError(f"the SVG is {odd}, not a regular file")
        room = MAX_BYTES - self.bytes
        with open(path, "rb") as f:
            data = f.read(room + 1)
        if len(data) > room:
            raise SvgError(f"the SVG is larger than {MAX_BYTES // 1024 // 1024} MB" if main else
                           f"the SVG and the files it uses are larger than {MAX_BYTES // 1024 // 1024} MB together "
                           f"({by} uses `{self.name(path)}`)")
        self.bytes += len(data)
        where = "" if main else f" (`{self.name(path)}`, used at {by})"
        try:
            root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False))
        except etree.XMLSyntaxError as e:
            raise SvgError(f"not a readable SVG{where} ({e})") from None
        if root.tag.split("}")[-1] != "svg":
            raise SvgError(f"not an SVG{where} (its root element is not <svg>)")
        self.docs[path] = root
        self._scan(root, path)
        return root

    def _scan(self, root, path: str):
        main = path == self.main
        for node in root.iter():
            self.nodes += 1
            if self.nodes > MAX_NODES:
                raise SvgError(f"more than {MAX_NODES:,} SVG elements" + ("" if main and len(self.docs) == 1 else
                                                                          " in it and the files it uses"))
            if not isinstance(node.tag, str):
                continue
            tag = node.tag.split("}")[-1]
            if node.get(_HREFS[0]) is not None or node.get(_HREFS[1]) is not None or tag == "style" or \
                    any("(" in v and "url(" in v.lower() for v in node.attrib.values()):   # (most have none)
                for ref, offset in _refs(node, tag):
                    self._ref(ref, path, node, tag, offset)
            if tag in REFUSED or not main and tag in GRADIENTS:
                at = f"line {node.sourceline}" if main else f"{self.name(path)}:{node.sourceline}"
                raise SvgError(f"{at}: <{tag}>: {REFUSED.get(tag) or USED_GRADIENT}")
            nid = node.get("id")
            if nid is not None:
                self.ids.setdefault((path, nid), []).append(node)

    def _at(self, path, node, tag, offset=None) -> str:
        """`file:line: <tag>` of a reference (offset: where in the text of a <style> it stands)."""
        line = node.sourceline + (node.text.count("\n", 0, offset) if offset is not None else 0)
        return f"{self.name(path)}:{line}: <{tag}>"

    def _ref(self, ref: str, path: str, node, tag: str, offset):
        iri, _, fragment = ref.partition("#")
        target = self._inside(iri, path, ref, lambda: self._at(path, node, tag, offset)) if iri else path
        if tag != "use" or ref != (node.get(_HREFS[1]) or node.get(_HREFS[0])):   # the one svglib follows
            return
        at = self._at(path, node, tag)
        self.where[node] = at, ref
        if target == path and not fragment:
            return   # svglib ignores a use of its own file as a whole
        if target != path:
            from pnp.content.yamlfile import special_file
            if not os.path.lexists(target):
                raise SvgError(f"{at} refers to `{ref}`, which does not exist")
            odd = special_file(target)
            if odd:
                raise SvgError(f"{at} refers to `{ref}`, which is {odd}, not a regular file")
            if not target.endswith(".svg"):   # svglib reads any other file as a bitmap
                raise SvgError(f"{at} can use SVG files only (`{ref}`)")
            self.read(target, at)
        self.uses[node] = target, fragment or None

    def _inside(self, iri: str, path: str, ref: str, at) -> str:
        """The file a relative reference names, as svglib finds it, when inside the root and reached
        without a link; else SvgError (`at()`: where the reference stands)."""
        target = os.path.normpath(os.path.join(os.path.dirname(path), iri))
        if (iri, target) in self.inside:   # the same reference again (a style may repeat one a million times)
            return target
        inside = not (_SCHEME.match(iri) or os.path.isabs(iri) or iri.startswith("\\")) and \
            os.path.commonpath([self.root, target]) == self.root
        step = self.root
        for part in os.path.relpath(target, self.root).split(os.sep) if inside else ():
            step = os.path.join(step, part)
            inside = inside and not os.path.islink(step)
        if not inside:
            raise SvgError(f"{at()} {OUTSIDE.format(ref=ref)}")
        self.inside.add((iri, target))
        return target

    def expanded(self):
        """Count the elements svglib will draw, every `<use>` copying its target, before it draws them:
        a fan-out (use of use of use …) is refused here, not after minutes and gigabytes."""
        if not self.uses:
            return   # each element drawn once: counted while reading
        cost: dict = {}
        total = 0
        for root in self.docs.values():   # svglib renders every file it uses whole, once
            total += self._cost(root, cost)
            if total > MAX_NODES:
                raise SvgError(f"more than {MAX_NODES:,} SVG elements once every <use> is expanded")

    def _cost(self, start, cost: dict) -> int:
        """Elements drawn for `start` and all it holds and uses, counted up to MAX_NODES + 1 (depth-first,
        without recursion: a chain of uses may be long)."""
        limit = MAX_NODES + 1
        stack, entered = [(start, False)], set()
        while stack:
            node, done = stack.pop()
            if node in cost:
                continue
            deps = list(node)
            if node in self.uses:
                file, fragment = self.uses[node]
                deps += self.ids.get((file, fragment), []) if fragment else [self.docs[file]]
            if done:
                cost[node] = min(limit, 1 + sum(cost.get(d, 0) for d in deps))
                entered.discard(node)
                continue
            entered.add(node)
            stack.append((node, True))
            for d in deps:
                if d in entered:
                    at, ref = self.where.get(node, (f"line {node.sourceline}", ""))
                    raise SvgError(f"{at} refers to `{ref}`, which holds this <use> itself (a loop)")
                if d not in cost:
                    stack.append((d, False))
        return cost[start]


def _refs(node, tag):
    """(reference, offset in a <style>'s text or None) of every file or element an element names."""
    if tag != "a":   # a hyperlink is not read
        for key in _HREFS:
            if node.get(key) is not None:
                yield node.get(key), None
    for value in node.attrib.values():
        if "url(" in value.lower():
            yield from ((ref, None) for ref, _ in _css_refs(value))
    if tag == "style" and node.text:
        yield from _css_refs(node.text)


def _css_refs(text: str):
    """(reference, offset) of every `url(…)` and `@import` in CSS text, in one pass from left to right
    (a regular expression retried at every `url(` of a long text without `)` would take hours)."""
    low, pos, u, i = text.lower(), 0, -2, -2
    while True:
        u = low.find("url(", pos) if -1 != u < pos else u   # each searched again only once passed
        i = low.find("@import", pos) if -1 != i < pos else i
        if i >= 0 and (u < 0 or i < u):
            m = _TOKEN.match(text, i + 7)
            if m.group(3) is None or not m.group(3).lower().startswith("url("):
                yield (m.group(2) if m.group(3) is None else m.group(3)), i
                pos = max(m.end(), i + 7)
                continue
            u = i + 7 + low[i + 7:m.end()].index("url(")
        if u < 0:
            return
        end = text.find(")", u + 4)
        ref = (text[u + 4:] if end < 0 else text[u + 4:end]).strip()
        if len(ref) > 1 and ref[0] in "'\"" and ref[-1] == ref[0]:
            ref = ref[1:-1]
        yield ref, u
        if end < 0:
            return
        pos = end + 1
