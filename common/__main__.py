"""``python -m common`` is the ``metro`` command."""

from common.cli import main

main()
