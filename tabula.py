"""tabula.py - lets `python3 -c 'import tabula'` work from the root of the
source tree: the package itself is python/tabula (docs/python.md).  This
module puts python/ first on the path, imports the package and takes its
place in sys.modules, so that `import tabula` here gives the real package.
Elsewhere, put python/ on PYTHONPATH (or install the package)."""
import os as _os
import sys as _sys

_sys.path.insert(0, _os.path.join(_os.path.dirname(_os.path.abspath(__file__)),
                                  "python"))
del _sys.modules[__name__]
import tabula as _pkg  # noqa: E402  (python/tabula, now first on the path)

_sys.modules[__name__] = _pkg
