"""Resolve a layout for one item into a Face of pieces: templates rendered, units converted,
parameters checked, text laid out and fitted, icons, images and QR codes made concrete.

Problems (bad input: exit 2) and findings (text that does not fit: a rules error) are collected;
the same problem at the same place is reported once however many cards hit it.
"""
from __future__ import annotations

from dataclasses import replace

from pnp.core.errors import Pos, Problem, did_you_mean
from pnp.layout import checks, paint
from pnp.core import colors, units
from pnp.resolve import reuse
from pnp.templates import templating
from pnp.templates.context import MissingTranslation, localise
from pnp.layout.elements import TYPES
import pnp.layout.components  # noqa: F401  (registers the component element types)
from pnp.core.pieces import Face
from pnp import lint
from pnp.lint import face as lintface, geometry, typeset
from pnp.text import spans, fit as textlay
from pnp.core.findings import error
from pnp.resolve.images import MAX_PIXELS, image_info as _image_info  # noqa: F401  (MAX_PIXELS: the documented limit)



class Skip(Exception):
    """An element could not be resolved; its problem is already recorded."""


class Resolver:
    def __init__(self, game, fonts, icons, lang: str):
        self.game, self.fonts, self.icons, self.lang = game, fonts, icons, lang
        self.problems: set = set()
        self.findings: set = set()
        self._template_errors: set = set()   # (pos, error or image): reported for the first card only
        self.lint = lint.Config.of(game)     # print lint levels (game.yaml `lint:`), run on every face
        self.draft = False                   # `--draft`: placeholders and flags instead of stopping
        self.memo = reuse.Memo()             # elements and faces that read nothing card-specific
        self.pictured: dict = {}             # (component, card index, side) → a face resolved for a booklet
        self.beyond = None                   # reuse.Beyond: fingerprints for face cache keys (pnp.resolve.faces)
        self.words = textlay.Words(getattr(game, "glossary", {}).get(lang, ()))   # never broken across lines
        templating.new_run()
        _image_info.cache_clear()            # an image edited between two builds of a session is read again

    # ---- values -------------------------------------------------------------------------------
    def _value(self, raw, kind, ctx, pos, el, card):
        if kind in paint.KINDS and not (kind == "paint" and paint.translations(raw, self.game.languages)):
            try:   # a gradient or a shadow: a mapping of values, each converted as one
                return paint.read(kind, raw, lambda v, k, at: self._value(v, k, ctx, at, el, card), pos)
            except paint.PaintError as e:
                self._problem(e.pos, f"element `{el}`: {e.what}", e.todo)
        if isinstance(raw, dict):
            try:
                raw = localise(raw, self.lang, self.game.languages, "", pos)
            except MissingTranslation:
                self._problem(pos, f"no `{self.lang}` text for element `{el}`",
                              f"add `{self.lang}: …` to the value")
        if templating.is_template(raw):
            try:
                raw = templating.render(raw, ctx)
            except templating.TemplateError as e:
                if (pos, str(e)) in self._template_errors:  # the same failure on every card: say it once
                    raise Skip from None
                self._template_errors.add((pos, str(e)))
                self._problem(pos, f"{e} (element `{el}`, card `{card}`)", "fix the template")
        return self._convert(raw, kind, pos, el)

    def _convert(self, v, kind, pos, el):
        try:
            if v is None or kind in ("any", "text", "list"):
                if kind == "text" and v is not None and not isinstance(v, str):
                    v = str(v)
                return v
            if kind == "len":
                return units.length(v)
            if kind in ("pt", "num"):
                return float(v)
            if kind == "str":
                return str(v)
            if kind == "bool":
                return v if isinstance(v, bool) else str(v).strip().lower() not in ("", "false", "0", "no", "none")
            if kind in ("color", "paint"):   # paint: a colour per language
                return self.color(v, pos, el)
            if kind.startswith("enum:"):
                choices = kind[5:].split(",")
                if v not in choices:
                    self._problem(pos, f"`{v}` is not allowed in element `{el}`", did_you_mean(v, choices))
                return v
        except units.UnitError as e:
            self._problem(pos, f"element `{el}`: {e}", "write a length such as `5mm`")
        except templating.TemplateError:  # the deadline fired here: not a bad value
            raise
        except (TypeError, ValueError):
            self._problem(pos, f"element `{el}`: `{v}` is not a {kind}", f"write a {kind}")
        raise AssertionError(kind)

    def color(self, v, pos, el):
        if v is None:
            return None
        s = str(v).strip()
        try:
            return colors.parse(s, self.game.palette)
        except colors.ColorError as e:
            hint = did_you_mean(s, colors.names(self.game.palette))
            if not hint.startswith("did you mean"):
                hint = "write a palette name, a CSS colour name (`crimson`), `#rrggbb`, `#rrggbbaa`, `rgb(…)` or `hsl(…)`"
            self._problem(pos, f"element `{el}`: {e}", hint)

    def _problem(self, pos, what, todo):
        self.problems.add(Problem(pos, what, todo))
        raise Skip

    # ---- faces --------------------------------------------------------------------------------
    def face(self, layout, ctx, card_id: str, card_pos: Pos, name: str) -> Face:
        fk = self.memo.face_key(layout, ctx)
        if fk is not None and fk[0] in self.memo.faces:   # the same pieces as the card before
            got, ink = self.memo.faces[fk[0]][0]
            geometry.remember(got, ink)
            return Face(layout.w, layout.h, layout.bleed, got, layout.shape, layout.radius, name)
        said = len(self.problems), len(self.findings)
        pieces, tagged = [], []
        with templating.deadline(), units.at_dpi(getattr(layout, "dpi", units.DEFAULT_DPI)):   # what `px` is
            for el in layout.elements:
                self._where = (el, card_id, card_pos)
                try:
                    got = self._reused(el, layout, ctx, card_id, card_pos)
                    pieces.extend(got)
                    tagged.append((el, got))
                except Skip:
                    continue
                except templating.TemplateTimeout:  # the deadline fired outside a template call
                    self.problems.add(Problem(el.pos, f"element `{el.name}` took longer than {templating.MAX_SECONDS:g} s "
                                              f"of CPU to draw (card `{card_id}`)", "give it fewer or smaller parts"))
                except templating.TemplateError as e:
                    self.problems.add(Problem(el.pos, f"{e} (element `{el.name}`, card `{card_id}`)",
                                              "simplify the templates of this element"))
        found, ink = lintface.check_face(self.lint, layout, tagged, card_id, card_pos, name)
        self.findings.update(found)
        face = Face(layout.w, layout.h, layout.bleed, tuple(pieces), layout.shape, layout.radius, name)
        geometry.remember(face.pieces, ink)     # measured once: the set and page rules read them too
        if fk is not None and (len(self.problems), len(self.findings)) == said:
            self.memo.put(self.memo.faces, fk[0], ((face.pieces, ink), fk[1]))
        return face

    def _reused(self, el, layout, ctx, card_id, card_pos):
        """An element's pieces: those of the card before when it reads nothing card-specific (reuse.py)."""
        ek = self.memo.element_key(el, layout, ctx)
        if ek is not None and ek[0] in self.memo.elements:
            return self.memo.elements[ek[0]][0]
        said = len(self.problems), len(self.findings)
        got = self._element(el, layout, ctx, card_id, card_pos)
        if ek is not None and (len(self.problems), len(self.findings)) == said:
            self.memo.put(self.memo.elements, ek[0], (got, ek[1]))
        return got

    def _element(self, el, layout, ctx, card_id, card_pos):
        typ = el.attrs.get("type")
        if typ not in TYPES:
            self._problem(el.at.get("type", el.pos), f"unknown element type `{typ}` in `{el.name}`",
                          did_you_mean(typ, TYPES))
        params, draw = TYPES[typ]
        for key in el.attrs:
            if key not in params and key != "delete":
                self._problem(el.at.get(key, el.pos), f"unknown parameter `{key}` of a {typ} element (`{el.name}`)",
                              did_you_mean(key, params))
        instances = [ctx]
        if el.attrs.get("repeat") is not None:
            try:
                seq = templating.evaluate(str(el.attrs["repeat"]), ctx)
                seq = list(seq)
            except (templating.TemplateError, TypeError) as e:
                self._problem(el.at.get("repeat", el.pos), f"`repeat` of `{el.name}`: {e}", "give a list expression")
            if len(seq) > checks.MAX_LOOP:
                self._problem(el.at.get("repeat", el.pos), f"`repeat` of `{el.name}` gives {len(seq):,} items, "
                              f"more than the {checks.MAX_LOOP:,} allowed", "repeat over a shorter list")
            instances = [dict(ctx, item=item, index=i) for i, item in enumerate(seq)]
        out = []
        for ictx in instances:
            if "when" in el.attrs:
                try:
                    when = el.attrs["when"]
                    ok = templating.evaluate(when, ictx) if isinstance(when, str) else bool(when)
                except templating.TemplateError as e:
                    self._problem(el.at["when"], f"`when` of `{el.name}`: {e}", "fix the expression")
                    ok = False
                if not ok:
                    continue
            p = {}
            for key, (kind, default) in params.items():
                if key in ("when", "repeat", "type"):
                    continue
                raw = el.attrs.get(key)
                p[key] = default if raw is None else self._value(raw, kind, ictx, el.at.get(key, el.pos), el.name, card_id)
            if p["w"] is None:
                p["w"] = layout.w - p["x"]
            if p["h"] is None:
                p["h"] = layout.h - p["y"]
            bad = checks.problem(typ, p, params)
            if bad:
                self._problem(el.at.get(bad[0], el.pos), f"element `{el.name}` (card `{card_id}`): {bad[1]}",
                              "give a sensible value")
            p["_name"], p["_card"], p["_pos"], p["_card_pos"] = el.name, card_id, el.at.get("text", el.pos), card_pos
            used = reuse.names(el)   # a text no card changes (a shared back's): its problems are the layout's
            p["_shared"] = used is not None and not (used & {"card", "copy", "index"})
            p["_ctx"] = ictx
            alpha = min((getattr(p[k], "alpha", 1.0) for k in p if isinstance(p[k], colors.Rgba)), default=1.0)
            try:
                got = draw(p, self)
                if alpha < 1:
                    got = translucent(got, alpha, el, self)
                if p.get("rotate") or p.get("mirror", "none") != "none":
                    got = self._turned(got, p, el)
                out.extend(got)
            except (Skip, templating.TemplateError):
                raise
            except Exception as e:  # an element type met values it cannot draw: the layout's to fix
                self._problem(el.pos, f"element `{el.name}` ({typ}) cannot be drawn for card `{card_id}`: "
                              f"{type(e).__name__}: {e}", f"check the values given to `{el.name}` and the data it reads")
        return out

    def _turned(self, pieces, p, el):
        """Pieces rotated about the origin and mirrored about the element's centre (drawn and fitted
        in the element's own frame first)."""
        from pnp.core.pieces import compose, matrix
        centre = (p["x"] + p["w"] / 2, p["y"] + p["h"] / 2)
        origin = centre
        if p.get("origin") is not None:
            o = p["origin"]
            try:
                if len(o) != 2:
                    raise ValueError
                origin = (units.length(o[0]) + 0.0, units.length(o[1]) + 0.0)
            except (TypeError, ValueError, units.UnitError):
                self._problem(el.at.get("origin", el.pos), f"element `{el.name}`: `origin` is `{o}`",
                              "write a point on the card such as `[31.5, 44]` (mm) or `[10mm, 2in]`")
        m = matrix(p.get("rotate") or 0.0, origin, p.get("mirror", "none"), centre)
        return [paint.turned(q, q.transform, compose(m, q.transform) if q.transform else m) for q in pieces]

    # ---- services for element types -------------------------------------------------------------
    def text(self, src, p):
        role = p["font"]
        if role not in self.fonts.roles:
            self._problem(p["_pos"], f"unknown font `{role}` in element `{p['_name']}`", did_you_mean(role, self.fonts.roles))
        missing = textlay.missing_glyphs(src, self.fonts, role, markup=True)
        if missing:
            chars = " ".join(f"`{c}` (U+{ord(c):04X})" for c in sorted(missing))
            self._problem(p["_card_pos"], f"card `{p['_card']}`: the font `{role}` has no glyph for {chars} "
                          f"(element `{p['_name']}`)", "replace the character or name a font that has it in game.yaml `fonts:`")
        try:
            laid, unknown = textlay.layout(src, self.fonts, role, p["size"], (p["x"], p["y"], p["w"], p["h"]),
                                           min_size=p.get("min_size"), leading=p["leading"], align=p["align"],
                                           valign=p["valign"], color=p["color"], icon_names=self.icons,
                                           markup=True, color_of=self._span_colour, words=self.words,
                                           inset=p.get("inset", True) is not False)   # `inset: false`: lines reach the box's edge, as its neighbours' do
        except spans.MarkupError as e:
            self._problem(p["_card_pos"], f"card `{p['_card']}`: markup in element `{p['_name']}`: {e}",
                          "fix the markup (see Text markup in the reference: `pnp docs` writes it)")
        if unknown:
            self._problem(p["_card_pos"], f"card `{p['_card']}`: unknown icon `:{sorted(unknown)[0]}:` in element "
                          f"`{p['_name']}`", did_you_mean(sorted(unknown)[0], self.icons))
        pieces = paint.text_effects(list(laid.runs), p) + list(laid.deco)
        if laid.torn and self.lint.on("text-breaks"):
            self.findings.add(typeset.torn(self.lint, p["_pos"], p["_name"], p["_card"], p["_card_pos"], laid, p["w"]))
        if laid.overflow > 0.05:
            # the same text on every card: one problem at the layout's line, counting the cards (lint.collapse)
            f = error(p["_pos"] if p.get("_shared") else p["_card_pos"], f"text of `{p['_name']}` overflows its box "
                      f"by {units.mm(laid.overflow):.1f} mm even at {laid.size:g} pt — shorten it or give the element "
                      f"more room", p["_card"], "text-fits")
            self.findings.add(replace(f, measure=-laid.overflow) if p.get("_shared") else f)
            if self.draft:
                from pnp.layout.draft import overflow_flag
                pieces.append(overflow_flag(p["x"], p["y"], p["w"]))
        for name, x, y, s, color in laid.icons:
            if name in self.icons:
                pieces.extend(self.icons[name].draw(x, y, s, s, color))
        return pieces

    def _span_colour(self, v):
        """A colour inside text markup: opaque, as for any text."""
        got = colors.parse(v, self.game.palette)
        if isinstance(got, colors.Rgba) or got is None:
            raise colors.ColorError(f"`{v}` is not an opaque colour (text takes opaque colours)")
        return got

    def icon(self, name):
        if name not in self.icons:
            el, card, card_pos = self._where
            self._problem(el.at.get("name", el.pos), f"unknown icon `{name}` (element `{el.name}`, card `{card}`)",
                          did_you_mean(name, self.icons))
        return self.icons[name]

    def image(self, src):
        el, card, _ = self._where
        pos = el.at.get("src", el.pos)
        result = _image_info(str(self.game.root), src)
        if isinstance(result, str) and self.draft:   # a placeholder box with the file name; a warning
            self.findings.add(lint.Finding("warning", pos, f"image `{src}`: {result} — printed as a placeholder "
                                           "(draft)", card, "draft-image"))
            return None, src, 0.0
        if isinstance(result, str):
            if (pos, src) in self._template_errors:  # the same file for every card: say it once
                raise Skip
            self._template_errors.add((pos, src))
            self._problem(pos, f"image `{src}` (card `{card}`): {result}",
                          "name a PNG, JPEG or SVG file inside the game folder")
        return result

    def refuse(self, key, what, todo):
        """A value an element type cannot draw: a problem at that parameter."""
        el, card, _ = self._where
        self._problem(el.at.get(key, el.pos), f"element `{el.name}` (card `{card}`): {what}", todo)

    def qr(self, data):
        from pnp.layout import qr
        return qr.matrix(data)

    def default_qr(self, ctx):
        """The game's `qr:` template (game.yaml) rendered for this card."""
        src = self.game.meta.get("qr")
        if not src:
            el, card, _ = self._where
            self._problem(el.pos, f"qr element `{el.name}` has no `data` and game.yaml has no `qr:`",
                          "give `data:` or a `qr:` template in game.yaml")
        try:
            return templating.render(src, ctx)
        except templating.TemplateError as e:
            self._problem(self.game.meta.at("qr"), f"game.yaml `qr`: {e}", "fix the template")


def translucent(pieces, alpha, el, env):
    """A colour's alpha (`#rrggbbaa`, `rgba()`) becomes the opacity of the element's shapes."""
    from dataclasses import replace
    from pnp.core.pieces import Shape
    if any(not isinstance(q, Shape) for q in pieces):
        env._problem(el.pos, f"element `{el.name}`: a translucent colour (alpha {alpha:.2f}) works on shapes only",
                     "give an opaque colour, or draw a translucent shape behind the text")
    return [replace(q, opacity=q.opacity * alpha) for q in pieces]
