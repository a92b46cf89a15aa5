"""The clash: every attacker attacks, every defender blocks one attacker.

An assignment gives, for each defender, the index of the attacker it blocks. Per attacker:
- nobody blocks it: it is unblocked (the defender loses MP, see `MpRule`);
- one blocker: the weaker creature is discarded, both on equal strength;
- several blockers: the strongest blocker is always discarded (on a tie the one listed first;
  at the table the defender picks, which changes nothing that is counted), and the attacker is
  discarded if its strength is at most the blockers' sum.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from engine.core import IllegalMove

# Limits that cover every real game (docs/rules/wandernde-druiden.md): a deck has 64 cards, a
# printed strength is small; the best-assignment search grows exponentially with the creatures.
MAX_STRENGTH = 99
MAX_CREATURES = 64  # per side, in a clash resolved with a given assignment
MAX_BEST_ATTACKERS = 12
MAX_BEST_DEFENDERS = 12
Stats = tuple[int, int, int, int, int]


class MpRule(Enum):
    ONCE_PER_CLASH = "once"  # the digest's interpretation: 1 MP if any attacker is unblocked
    PER_UNBLOCKED = "per-unblocked"  # setting: 1 MP per unblocked attacker


@dataclass(frozen=True, slots=True)
class ClashOutcome:
    assignment: tuple[int, ...]
    mp_loss: int
    attackers_discarded: tuple[int, ...]
    defenders_discarded: tuple[int, ...]
    unblocked: tuple[int, ...]
    attack_discarded: int  # total strength of discarded attackers
    defense_discarded: int  # total strength of discarded defenders


def _check_strengths(attackers: Sequence[int], defenders: Sequence[int]) -> None:
    for side, values in (("attacker", attackers), ("defender", defenders)):
        if len(values) > MAX_CREATURES:
            raise IllegalMove(
                f"{len(values)} {side}s; a clash has at most {MAX_CREATURES} per side",
                "too_many_creatures",
            )
        for i, s in enumerate(values):
            if s < 0:
                raise IllegalMove(
                    f"{side} {i} has strength {s}; strengths are 0 or more", "bad_strength"
                )
            if s > MAX_STRENGTH:
                raise IllegalMove(
                    f"{side} {i} has strength {s}; strengths are at most {MAX_STRENGTH}",
                    "bad_strength",
                )


def resolve(
    attackers: Sequence[int],
    defenders: Sequence[int],
    assignment: Sequence[int],
    rule: MpRule = MpRule.ONCE_PER_CLASH,
) -> ClashOutcome:
    """The outcome of one assignment. Raises IllegalMove for an assignment that breaks the rules."""
    _check_strengths(attackers, defenders)
    if not attackers:
        if assignment:
            raise IllegalMove("there are no attackers, so no defender blocks")
        return ClashOutcome((), 0, (), (), (), 0, 0)
    if len(assignment) != len(defenders):
        raise IllegalMove(
            f"{len(defenders)} defenders need {len(defenders)} assignments, got {len(assignment)}"
        )
    groups: list[list[int]] = [[] for _ in attackers]
    for d, a in enumerate(assignment):
        if not 0 <= a < len(attackers):
            raise IllegalMove(
                f"defender {d} blocks attacker {a}, but attackers are 0..{len(attackers) - 1}"
            )
        groups[a].append(d)
    att_out: list[int] = []
    def_out: list[int] = []
    unblocked: list[int] = []
    for a, blockers in enumerate(groups):
        strength = attackers[a]
        if not blockers:
            unblocked.append(a)
            continue
        if len(blockers) == 1:
            d = blockers[0]
            if strength <= defenders[d]:
                att_out.append(a)
            if defenders[d] <= strength:
                def_out.append(d)
            continue
        strongest = max(blockers, key=lambda d: (defenders[d], -d))
        def_out.append(strongest)
        if strength <= sum(defenders[d] for d in blockers):
            att_out.append(a)
    # once per clash (the digest's reading) or, as a setting, once per unblocked attacker
    mp = len(unblocked) if rule is MpRule.PER_UNBLOCKED else min(1, len(unblocked))
    return ClashOutcome(
        tuple(assignment),
        mp,
        tuple(att_out),
        tuple(sorted(def_out)),
        tuple(unblocked),
        sum(attackers[a] for a in att_out),
        sum(defenders[d] for d in def_out),
    )


def best_assignment(
    attackers: Sequence[int], defenders: Sequence[int], rule: MpRule = MpRule.ONCE_PER_CLASH
) -> ClashOutcome:
    """The defender's best assignment: first avoid MP loss, then discard as much attacking
    strength as possible, then lose as little defending strength as possible. Kept for the
    last lineups asked (the search meets the same creatures in play again and again)."""
    return _best_kept(tuple(attackers), tuple(defenders), rule)


@lru_cache(maxsize=4096)
def _best_kept(
    attackers: tuple[int, ...], defenders: tuple[int, ...], rule: MpRule
) -> ClashOutcome:
    _check_strengths(attackers, defenders)
    # The search is fastest with the weakest attackers first; map the answer back.
    order = sorted(range(len(attackers)), key=lambda a: (attackers[a], a))
    found = _best(tuple(attackers[a] for a in order), defenders, rule)
    return resolve(attackers, defenders, [order[a] for a in found], rule)


def _best(attackers: Sequence[int], defenders: Sequence[int], rule: MpRule) -> list[int]:
    """The best assignment (for each defender, its attacker) for attackers in ascending order.

    An exact search, kept small by an exchange argument (docs/rules/wandernde-druiden.md):
    call "the dump" the group of several blockers whose strongest member is strongest. A helper
    (not the strongest of its group) that its group could do without moves into the dump at no
    cost, being no stronger than the dump's strongest. So some best assignment gives every
    attacker but the dump's either one blocker, or a *tight* group (two or more blockers whose
    sum reaches the attacker's strength but would not without the weakest), or nobody; the
    dump's attacker takes whatever is left (at least two, else it is a single or nobody).
    A second exchange: a lone blocker weaker than its attacker may as well be the weakest
    defender still free (swapping it with a weaker one used later never costs more).
    A dynamic programme runs over the attackers with the free defenders as a multiset of
    strengths (equal defenders are interchangeable) and the dump's attacker strength, if chosen
    yet (`_BestDefence`). The property tests check it against enumerating every assignment.
    """
    m, n = len(attackers), len(defenders)
    if m == 0:
        return []
    if n > MAX_BEST_DEFENDERS or m > MAX_BEST_ATTACKERS:
        raise IllegalMove(
            f"the best assignment is searched for at most {MAX_BEST_ATTACKERS} attackers and"
            f" {MAX_BEST_DEFENDERS} defenders, got {m} and {n}",
            "too_many_for_search",
        )
    search = _BestDefence(attackers, defenders, rule)
    layers: list[dict[int, int]] = [{search.pack.full << search.shift: 0}]
    for i in range(m):
        layers.append(search.after_attacker(i, layers[-1]))
    return search.pack.assign(search.groups(layers, search.cheapest_end(layers[-1])))


class _BestDefence:
    """The search `_best` runs: its costs, the blocks it tries and its states, packed in ints.

    Forward over the attackers. A state packs (free multiset, dump): dump 0 while no attacker
    is the dump yet, else 1 + the index of the first attacker with the dump's strength
    (attackers of equal strength are interchangeable). Each layer maps a state to one int,
    (cost, previous state, choice) packed high to low, so the smallest int is the best and
    ties break the same way every time; choice `dump` means "this attacker is the dump".
    """

    def __init__(self, attackers: Sequence[int], defenders: Sequence[int], rule: MpRule) -> None:
        m = len(attackers)
        self.attackers = attackers
        # One cost number, smaller is better: MP lost, then attack strength left standing, then
        # defence strength lost, each weighted to outweigh everything after it.
        self.w_attack = w_attack = sum(defenders) + 1
        w_mp = (sum(attackers) + 1) * w_attack
        self.must_block = len(defenders) >= m  # MP loss is avoidable: each attacker is blocked
        self.unblocked_cost = w_mp if rule is MpRule.PER_UNBLOCKED else 0
        self.pack = pack = _Multisets(defenders)
        self.options = [self.ways_to_block(strength) for strength in attackers]
        # the bit layout of a state, a layer's value and the choice in it
        self.shift = shift = m.bit_length() + 1
        self.low_mask = (1 << shift) - 1
        self.choice_bits = choice_bits = pack.guard.bit_length() + 1
        self.dump = (1 << choice_bits) - 1
        self.state_bits = pack.guard.bit_length() + shift + 1
        self.cost_shift = cost_shift = choice_bits + self.state_bits
        self.first_of = {a: attackers.index(a) for a in attackers}
        worst = (m + 1) * (w_mp + (sum(attackers) + 1) * w_attack + sum(defenders) + 1)
        self.infinity = 1 << (cost_shift + worst.bit_length() + 1)  # above every reachable cost
        self.sizes = [pack.stats[code][0] for code in pack.codes]

    def cost(self, strength: int, group: int) -> int:
        """What blocking an attacker of `strength` with the multiset `group` costs."""
        size, total, top, _, _ = self.pack.stats[group]
        if size == 0:
            return self.unblocked_cost + strength * self.w_attack
        standing = 0 if strength <= total else strength * self.w_attack
        if size == 1:  # one blocker: discarded only if not stronger
            return standing + (total if total <= strength else 0)
        return standing + top  # several: the strongest blocker is always discarded

    def ways_to_block(self, strength: int) -> list[tuple[int, int, int]]:
        """The blocks worth trying for an attacker that is not the dump, as (size, group,
        cost): one blocker, a tight group, or nobody where MP loss cannot be avoided."""
        stats, must_block = self.pack.stats, self.must_block
        choices = [
            g
            for g, (size, total, _, bottom, _) in stats.items()
            if size == 1
            or (size >= 2 and total >= strength > total - bottom)
            or (size == 0 and not must_block)
        ]
        return sorted((stats[g][0], g, self.cost(strength, g)) for g in choices)

    def after_attacker(self, i: int, layer: dict[int, int]) -> dict[int, int]:
        """The next layer: attacker `i` blocked in each way worth trying, or made the dump."""
        shift, low_mask, choice_bits = self.shift, self.low_mask, self.choice_bits
        pack, sizes, cost_shift, infinity = self.pack, self.sizes, self.cost_shift, self.infinity
        codes, index_of, guard, dump = pack.codes, pack.index, pack.guard, self.dump
        must_block = self.must_block
        nxt: dict[int, int] = {}
        get = nxt.get
        needed_after = len(self.attackers) - 1 - i  # later attackers that must each take one
        strength = self.attackers[i]
        as_dump = self.first_of[strength] + 1
        # the states grouped by their free defenders (as an index into pack.codes)
        by_rest: dict[int, list[tuple[int, int]]] = {}
        present = 0
        for state, value in layer.items():
            rest, dump1 = state >> shift, state & low_mask
            index = index_of[rest]
            base = ((value >> cost_shift) << cost_shift) | (state << choice_bits)
            by_rest.setdefault(index, []).append((dump1, base))
            present |= 1 << index
            if dump1 == 0 and (not must_block or sizes[index] - needed_after >= 2):
                key = (rest << shift) | as_dump
                if base | dump < get(key, infinity):
                    nxt[key] = base | dump
        for size, group, extra in self.options[i]:
            if size == 1 and pack.stats[group][1] < strength:
                # one blocker weaker than the attacker: only the weakest free one (see `_best`)
                holding = pack.weakest_is[group]
            else:
                holding = pack.holding(group)
            if must_block:
                need = size + needed_after
                holding &= pack.at_least[need] if need < len(pack.at_least) else 0
            fits = present & holding
            step = (extra << cost_shift) | group
            while fits:
                low = fits & -fits
                fits ^= low
                index = low.bit_length() - 1
                left = (((codes[index] | guard) - group) ^ guard) << shift
                roomy = sizes[index] >= size + needed_after + 2
                for dump1, base in by_rest[index]:
                    if dump1 and must_block and not roomy:
                        continue  # the dump must keep two defenders
                    key = left | dump1
                    total = base + step
                    if total < get(key, infinity):
                        nxt[key] = total
        return _drop_dominated_dumps(nxt, shift, cost_shift, self.attackers, pack)

    def cheapest_end(self, layer: dict[int, int]) -> int:
        """The best last state: no defender left free, or the dump's attacker takes the rest."""
        best_key, best_cost = -1, -1
        for state, value in layer.items():
            rest, dump1 = state >> self.shift, state & self.low_mask
            cost = value >> self.cost_shift
            if dump1:
                if self.pack.stats[rest][0] < 2:
                    continue  # a dump of fewer than two is a single or nobody: covered above
                cost += self.cost(self.attackers[dump1 - 1], rest)
            elif rest:
                continue
            if best_cost < 0 or cost < best_cost:
                best_key, best_cost = state, cost
        if best_key < 0:  # pragma: no cover - every clash has an assignment
            raise AssertionError("no assignment found")
        return best_key

    def groups(self, layers: list[dict[int, int]], end: int) -> list[int]:
        """Each attacker's blockers as a multiset, traced back from the last state `end`."""
        m = len(self.attackers)
        groups: list[int] = [0] * m
        state = end
        state_mask = (1 << self.state_bits) - 1
        choice_mask = (1 << self.choice_bits) - 1
        for i in range(m, 0, -1):
            value = layers[i][state]
            chosen = value & choice_mask
            # the dump takes the rest
            groups[i - 1] = end >> self.shift if chosen == self.dump else chosen
            state = (value >> self.choice_bits) & state_mask
        return groups


def _drop_dominated_dumps(
    layer: dict[int, int],
    shift: int,
    cost_shift: int,
    attackers: Sequence[int],
    pack: _Multisets,
) -> dict[int, int]:
    """Keep, for each set of free defenders, only the dump choices not dominated by another.

    The dump will take at least two of the free defenders; its attacker of strength c stands
    exactly when their sum falls short of c, so its final cost never falls as c rises, and
    does not depend on c at all while the two weakest free defenders already reach c. So a
    dump state is dominated by one reached at no higher cost whose c is no larger (or both
    small enough to be discarded for sure).
    """
    by_rest: dict[int, list[tuple[int, int, int]]] = {}
    low_mask = (1 << shift) - 1
    for key, value in layer.items():
        dump1 = key & low_mask
        if dump1:
            by_rest.setdefault(key >> shift, []).append(
                (attackers[dump1 - 1], value >> cost_shift, key)
            )
    for rest, candidates in by_rest.items():
        if len(candidates) < 2:
            continue
        sure = pack.stats[rest][4]  # attackers up to this strength are discarded for sure
        candidates = sorted((0 if c <= sure else c, cost, key) for c, cost, key in candidates)
        cheapest = None
        for _, cost, key in candidates:
            if cheapest is not None and cost >= cheapest:
                del layer[key]
            else:
                cheapest = cost
    return layer


class _Multisets:
    """Multisets of the defenders' strengths packed into one int, a bit field per strength.

    Each field has a guard bit on top, so `(a | guard) - b` keeps every guard bit exactly when
    b takes no more of any strength than a holds.
    """

    def __init__(self, defenders: Sequence[int]) -> None:
        self.values = sorted(set(defenders))
        counts = [defenders.count(v) for v in self.values]
        self.offsets: list[int] = []
        offset = 0
        self.guard = 0
        for count in counts:
            self.offsets.append(offset)
            width = count.bit_length()
            self.guard |= 1 << (offset + width)
            offset += width + 1
        self.full = sum(c << o for c, o in zip(counts, self.offsets, strict=True))
        self.single = {v: 1 << o for v, o in zip(self.values, self.offsets, strict=True)}
        self.defenders = list(defenders)
        # every sub-multiset: packed -> (size, sum, strongest, weakest, sum of two weakest)
        self.stats: dict[int, Stats] = {}
        self._fill(0, 0, counts, (0, 0, 0, 0, 0))
        # Sets of sub-multisets as bit sets over their index in `codes`. `_fill` lists them in
        # mixed-radix order (the last strength counts fastest), so "at least c of strength j"
        # is a periodic pattern, built as one string of bits.
        self.codes = list(self.stats)
        self.index = {code: i for i, code in enumerate(self.codes)}
        total = len(self.codes)
        self._at_least_of: list[list[int]] = []
        stride = total
        for count in counts:
            period = stride
            stride //= count + 1
            self._at_least_of.append(
                [
                    int(("1" * (period - c * stride) + "0" * (c * stride)) * (total // period), 2)
                    for c in range(count + 1)
                ]
            )
        sizes = bytes(self.stats[code][0] for code in reversed(self.codes))
        self.at_least = [
            int(sizes.translate(bytes(49 if v >= k else 48 for v in range(256))), 2)
            for k in range(len(defenders) + 2)
        ]  # holding at least k defenders
        # for the one-defender multiset of each strength: the sets whose weakest it is
        self.weakest_is: dict[int, int] = {}
        none_weaker = self.at_least[0]
        for j, value in enumerate(self.values):
            has = self._at_least_of[j][1]
            self.weakest_is[self.single[value]] = has & none_weaker
            none_weaker &= ~has

    def _count(self, code: int, j: int) -> int:
        width = self.guard >> self.offsets[j]
        width = (width & -width).bit_length() - 1
        return (code >> self.offsets[j]) & ((1 << width) - 1)

    def holding(self, group: int) -> int:
        """The bit set of sub-multisets that contain `group`."""
        found = self.at_least[0]
        for j in range(len(self.values)):
            k = self._count(group, j)
            if k:
                found &= self._at_least_of[j][k]
        return found

    def _fill(self, j: int, packed: int, counts: list[int], acc: Stats) -> None:
        if j == len(counts):
            self.stats[packed] = acc
            return
        size, total, top, bottom, two = acc
        value = self.values[j]  # ascending, so the first values added are the weakest
        for k in range(counts[j] + 1):
            if k:
                first_two = two + value * min(k, 2 - size) if size < 2 else two
                grown = (size + k, total + k * value, value, bottom if size else value, first_two)
            else:
                grown = acc
            self._fill(j + 1, packed | (k << self.offsets[j]), counts, grown)

    def assign(self, groups: list[int]) -> list[int]:
        """Turn each attacker's multiset into defender indices: for each defender, its attacker."""
        pools = {v: [d for d, s in enumerate(self.defenders) if s == v] for v in self.values}
        assignment = [0] * len(self.defenders)
        for attacker, packed in enumerate(groups):
            for j, value in enumerate(self.values):
                for _ in range(self._count(packed, j)):
                    assignment[pools[value].pop(0)] = attacker
        return assignment
