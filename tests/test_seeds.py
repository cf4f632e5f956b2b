"""The seed rule texts stay byte-identical to the shared originals and are all indexed."""

import hashlib
from pathlib import Path

import pytest

SEEDS = Path(__file__).resolve().parent.parent / "seeds"

# sha256 of each seed as copied from the shared seeds; a change here is a change of source text.
SHA256 = {
    "000_159c42a47f029a75.txt": "e7799430b615777d3b26c705a2a2e72d2e59a1efd26bde0d0ac823ccc8307a96",
    "001_c68718cb2a4cbc32.txt": "599793e61e03068b1e33488db775278671102aea1f00e41d4a0654f730405757",
    "002_4d2065b8497f5bae.txt": "3425c14962b956a771c13fc008c09b4c53cb48cf13c9acc3ac887b28e50c66f2",
    "003_52631bd6913f1f3c.txt": "9bd0a83b3748f326ce1c787932c38e195c1ba8ceac9748e624c2037601d36416",
    "004_ffbe80a61fda0174.txt": "f21607584bd7466788bf50e50d23af9ba0729f333cf4dfb7401ef21b0818341b",
}


@pytest.mark.parametrize("name", sorted(SHA256))
def test_seed_is_byte_identical(name):
    assert hashlib.sha256((SEEDS / name).read_bytes()).hexdigest() == SHA256[name]


def test_no_unlisted_seed():
    assert sorted(p.name for p in SEEDS.glob("*.txt")) == sorted(SHA256)


def test_index_lists_every_seed():
    index = (SEEDS / "README.md").read_text(encoding="utf-8")
    for name in SHA256:
        assert f"`{name}`" in index, f"seeds/README.md does not list {name}"
