"""robots.txt matching: ours (``check``'s live matcher) against Protego on the same verdicts.

A robots.txt of R rules (plain prefixes, ``*`` globs, ``$`` ends, some ``Allow``) and N URLs,
each asked once for a crawler; prints the process CPU time of both (alternating, best of
3 rounds), the ratio, and whether every verdict agrees. Protego is no dependency of the
suite: ``pip install protego`` to run this. Budget: ours within 1.0x of Protego.

Usage: python benchmarks/robots_rules.py [N] [R]
"""

from __future__ import annotations

import random
import sys

from benchmarks._runs import best_cpu
from sitemap_core._check._robots_rules import RobotsRules

ROUNDS = 3
AGENT = "ssg-sitemap-check"


def robots_txt(rules: int, rng: random.Random) -> str:
    lines = ["User-agent: googlebot", "Disallow: /private/", "", "User-agent: *"]
    for i in range(rules):
        kind = "Allow" if rng.random() < 0.25 else "Disallow"
        section = f"/s{rng.randrange(40)}/"
        shape = rng.random()
        if shape < 0.6:
            pattern = f"{section}p{i}"
        elif shape < 0.85:
            pattern = f"{section}*p{i}*.html"
        else:
            pattern = f"/*{i}.pdf$"
        lines.append(f"{kind}: {pattern}")
    return "\n".join(lines) + "\n"


def urls(n: int, rng: random.Random) -> list[str]:
    return [
        f"https://example.org/s{rng.randrange(40)}/p{rng.randrange(400)}/page-{i}"
        + rng.choice((".html", ".pdf", "/", "?q=1"))
        for i in range(n)
    ]


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    r = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    try:
        from protego import Protego
    except ImportError:
        print("Protego is not installed: pip install protego (a benchmark peer, no dependency)")
        return 2
    rng = random.Random(7)
    text, targets = robots_txt(r, rng), urls(n, rng)

    def ours() -> list[bool]:
        rules = RobotsRules(text)
        return [rules.verdict(AGENT, url).allowed for url in targets]

    def protego() -> list[bool]:
        rules = Protego.parse(text)
        return [rules.can_fetch(url, AGENT) for url in targets]

    best, verdicts = best_cpu({"ours": ours, "protego": protego}, ROUNDS)
    mine, peer = best["ours"], best["protego"]
    same = verdicts["ours"] == verdicts["protego"]
    ratio = mine / peer
    print(f"{n:,} URLs x {r} rules: ours {mine:.3f} s CPU, Protego {peer:.3f} s CPU")
    print(f"ratio ours/Protego: {ratio:.2f}x (budget 1.0x: {'met' if ratio <= 1.0 else 'MISSED'})")
    print(f"same verdicts: {same} ({sum(verdicts['ours'])} of {n} allowed)")
    return 0 if same and ratio <= 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
