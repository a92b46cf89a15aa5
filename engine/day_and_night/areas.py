"""Edge-connected areas on the 6x8 board as 48-bit masks (bit r*8+c is row r, column c).

The question adjudication asks again and again is: does an area hold one, or two disjoint,
edge-connected sets of 8 fields? One is easy (a component of at least 8 fields). Two is the
hard part; `holds_two` answers it exactly:

- Two disjoint connected sets of at least 8 fields exist in a connected area C exactly when C
  can be cut into two connected halves of at least 8 fields each (grow one set by everything
  the other does not separate from it).
- Such a cut splits exactly one block (biconnected component) of C; everything hanging off the
  block at a vertex goes with that vertex. So each block is checked alone, its vertices
  weighted by what hangs off them.
- A 2-connected block of at least 16 fields always splits 8 / rest (the k=2 case of the
  Gyori-Lovasz theorem, via an st-numbering); smaller blocks are searched exhaustively, which is
  cheap below 16 fields.
"""

from __future__ import annotations

from functools import lru_cache

ROWS, COLS = 6, 8
FULL = (1 << (ROWS * COLS)) - 1
_LEFT_COL = sum(1 << (r * COLS) for r in range(ROWS))
_RIGHT_COL = _LEFT_COL << (COLS - 1)
NEED = 8


def bit(r: int, c: int) -> int:
    return 1 << (r * COLS + c)


@lru_cache(maxsize=2048)  # the same board's masks are asked for every spell and target
def fields_of(mask: int) -> tuple[tuple[int, int], ...]:
    """The fields (row, column) of a mask, in reading order (its set bits, lowest first)."""
    found = []
    while mask:
        low = mask & -mask
        found.append(divmod(low.bit_length() - 1, COLS))
        mask ^= low
    return tuple(found)


def grow(mask: int) -> int:
    """The mask and its edge neighbours."""
    return (
        mask
        | ((mask << 1) & ~_LEFT_COL)
        | ((mask >> 1) & ~_RIGHT_COL)
        | ((mask << COLS) & FULL)
        | (mask >> COLS)
    )


def flood(seed: int, area: int) -> int:
    """The fields of `area` connected to `seed` (seed must lie in area)."""
    reached = seed
    while True:
        wider = grow(reached) & area
        if wider == reached:
            return reached
        reached = wider


@lru_cache(maxsize=8192)
def components(area: int) -> tuple[int, ...]:
    """The components of an area, each a mask (kept per area: the temple check after every
    effect asks again for the same tiles while the targets of a spell are searched)."""
    found = []
    while area:
        part = flood(area & -area, area)
        found.append(part)
        area &= ~part
    return tuple(found)


def size(mask: int) -> int:
    return mask.bit_count()


def holds_one(area: int) -> bool:
    return any(size(part) >= NEED for part in components(area))


@lru_cache(maxsize=8192)
def holds_two(area: int) -> bool:
    """Whether `area` holds two disjoint edge-connected sets of 8 fields."""
    parts = [p for p in components(area) if size(p) >= NEED]
    if len(parts) >= 2:
        return True
    return any(size(p) >= 2 * NEED and splits(p) for p in parts)


def splits(part: int) -> bool:
    """Whether a connected area can be cut into two connected halves of at least 8 fields."""
    if _quick_split(part):
        return True
    total = size(part)
    return any(_block_splits(block, weight, total) for block, weight in _blocks(part))


def _quick_split(part: int) -> bool:
    """Try the breadth-first 8 fields from either end of the area; usually enough."""
    for seed in (part & -part, 1 << (part.bit_length() - 1)):
        taken = seed
        while size(taken) < NEED:
            ring = grow(taken) & part & ~taken
            for _ in range(min(NEED - size(taken), size(ring))):
                taken |= ring & -ring
                ring &= ring - 1
        if holds_one(part & ~taken):
            return True
    return False


def _neighbour_bits(mask: int) -> int:
    return grow(mask) & ~mask


def _blocks(part: int) -> list[tuple[int, dict[int, int]]]:
    """The blocks (biconnected components, bridges included) of a connected area, each as a
    mask with the weight of its fields: the field itself plus all that hangs off it outside
    the block. One depth-first search (Tarjan's) gives both, from the subtree sizes."""
    total = size(part)
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    subtree: dict[int, int] = {}
    hanging: dict[int, int] = {}  # per field: fields in child subtrees that are separate blocks
    stack: list[tuple[int, int]] = []
    blocks: list[tuple[int, dict[int, int]]] = []

    def visit(v: int, parent: int) -> None:
        index[v] = low[v] = len(index)
        subtree[v] = 1
        hanging[v] = 0
        around = _neighbour_bits(1 << v) & part
        while around:
            w_bit = around & -around
            around ^= w_bit
            w = w_bit.bit_length() - 1
            if w not in index:
                stack.append((v, w))
                visit(w, v)
                subtree[v] += subtree[w]
                low[v] = min(low[v], low[w])
                if low[w] >= index[v]:  # v separates w's subtree: one block is complete
                    hanging[v] += subtree[w]
                    fields: set[int] = set()
                    while True:
                        a, b = stack.pop()
                        fields.update((a, b))
                        if (a, b) == (v, w):
                            break
                    fields.discard(v)
                    weight = {1 << f: 1 + hanging[f] for f in fields}
                    weight[1 << v] = total - subtree[w]
                    blocks.append((sum(weight), weight))
            elif w != parent and index[w] < index[v]:
                stack.append((v, w))
                low[v] = min(low[v], index[w])

    visit((part & -part).bit_length() - 1, -1)
    return blocks


def _block_splits(block: int, weight: dict[int, int], total: int) -> bool:
    if size(block) >= 2 * NEED:
        return True  # 2-connected and large: always splits 8 / rest
    if size(block) == 2:
        a, b = weight.values()
        return a >= NEED and b >= NEED
    anchor = block & -block
    ext = _neighbour_bits(anchor) & block
    return _search(block, weight, total, anchor, weight[anchor], ext, anchor)


def _search(
    block: int, weight: dict[int, int], total: int, taken: int, w: int, ext: int, banned: int
) -> bool:
    """Enumerate connected subsets of the block holding the anchor; find a balanced cut."""
    if w >= NEED and total - w >= NEED:
        others = block & ~taken
        if others and flood(others & -others, others) == others:
            return True
    if total - w < NEED:
        return False  # growing only makes the other half smaller
    while ext:
        v = ext & -ext
        ext ^= v
        grown = taken | v
        if _search(
            block,
            weight,
            total,
            grown,
            w + weight[v],
            (ext | _neighbour_bits(v)) & block & ~grown & ~banned,
            banned,
        ):
            return True
        banned |= v
    return False
