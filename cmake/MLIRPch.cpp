// The translation unit that builds tfc's precompiled MLIR header
// (include/tfc/Support/MLIRPch.h); it has no code of its own.
