# The lit configuration of the tfc regression tests.

import os

import lit.formats
from lit.llvm import llvm_config

config.name = "tfc"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tfc_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "unit", "bench", "Inputs"]

# FileCheck, not, count and split-file from LLVM 22.
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(["tfc-opt", "tfc"], [config.tfc_tools_dir])
config.substitutions.append(("%tfc_src_root", config.tfc_src_root))

import sys
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%tfc_obj_root", config.tfc_obj_root))

# Drivers of the examples link against the runtime the build made.
config.substitutions.append(("%tfc_lib_dir", os.path.join(config.tfc_obj_root, "lib")))
