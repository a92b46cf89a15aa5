"""The score over a game as an inline SVG chart: one line a seat, the actions across."""

from __future__ import annotations

from html import escape

COLOURS = ("#c0392b", "#2c3e91", "#27ae60", "#8e44ad")
W, H, PAD = 320, 140, 24


def score_chart(totals: tuple[tuple[str, tuple[int, ...]], ...], label: str) -> str:
    n = max((len(v) for _, v in totals), default=0)
    top = max((max(v) for _, v in totals if v), default=0) or 1
    out = [
        f'<svg class="plot" viewBox="0 0 {W + PAD} {H + PAD}" role="img"'
        f' aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">',
        f'<line x1="{PAD}" y1="{H}" x2="{W + PAD}" y2="{H}" stroke="#888"/>',
        f'<line x1="{PAD}" y1="4" x2="{PAD}" y2="{H}" stroke="#888"/>',
        f'<text x="2" y="12" class="axis">{top}</text><text x="8" y="{H}" class="axis">0</text>',
    ]
    for i, (seat, values) in enumerate(totals):
        step = W / max(1, n - 1)
        points = " ".join(
            f"{PAD + k * step:.1f},{H - (v / top) * (H - 8):.1f}" for k, v in enumerate(values)
        )
        colour = COLOURS[i % len(COLOURS)]
        out.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"'
            f' data-seat="{escape(seat)}" data-values="{",".join(map(str, values))}"/>'
        )
        out.append(
            f'<text x="{PAD + 4 + i * 70}" y="{H + 18}" fill="{colour}">{escape(seat)}</text>'
        )
    out.append("</svg>")
    return "".join(out)
