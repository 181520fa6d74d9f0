# The sources of libtfc_runtime.so and libtfc_runner.a, relative to this
# directory: one list for the host build (CMakeLists.txt, runner/) and the
# cross-built runtime (cross/).

set(TFC_RUNTIME_SOURCES
  src/AbiCheck.cpp
  src/CheckpointOpen.cpp
  src/CheckpointParse.cpp
  src/CheckpointRestore.cpp
  src/CheckpointSave.cpp
  src/CheckpointCalls.cpp
  src/Collective.cpp
  src/CollectiveHostCall.cpp
  src/CompiledCalls.cpp
  src/CpuFeatures.cpp
  src/Crc32c.cpp
  src/CudaCalls.cpp
  src/CudaDevices.cpp
  src/CudaDriver.cpp
  src/CudaFatbin.cpp
  src/CudaGraphReplay.cpp
  src/CudaGraphs.cpp
  src/CudaMemory.cpp
  src/BuiltinHostFunctions.cpp
  src/CudaModule.cpp
  src/CudaResults.cpp
  src/CudaReuse.cpp
  src/CudaWorkspace.cpp
  src/DeferredAssertions.cpp
  src/FileIO.cpp
  src/Format.cpp
  src/Half.cpp
  src/Hooks.cpp
  src/MemRef.cpp
  src/Model.cpp
  src/ModelCall.cpp
  src/ModelInit.cpp
  src/ModelMetadata.cpp
  src/Workspace.cpp
  src/HostCalls.cpp
  src/Npy.cpp
  src/Parse.cpp
  src/ParseExample.cpp
  src/Snappy.cpp
  src/Status.cpp
  src/Store.cpp
  src/TableRead.cpp
  src/TableWrite.cpp
  src/Tensor.cpp
  src/TensorBundle.cpp
  src/TensorBundleRead.cpp
  src/TensorBundleMerge.cpp
  src/TensorBundleSave.cpp
  src/Variable.cpp
  src/VariableDevice.cpp
  src/VariablePacked.cpp
)
list(TRANSFORM TFC_RUNTIME_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)

set(TFC_RUNNER_SOURCES
  runner/src/Bench.cpp
  runner/src/Devices.cpp
  runner/src/ElfSymbols.cpp
  runner/src/Inspect.cpp
  runner/src/ModelLibrary.cpp
  runner/src/Progress.cpp
  runner/src/Run.cpp
  runner/src/TestData.cpp
)
list(TRANSFORM TFC_RUNNER_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
