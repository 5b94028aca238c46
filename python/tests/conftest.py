"""conftest.py - makes `import tabula` find the package of this source tree
(python/tabula) and, through TABULA_LIB (set by `make test-python`) or the
package's own search, the freshly built build/libtabula.so."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
