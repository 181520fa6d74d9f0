# The CUDA toolkit of the CUDA target: a directory with bin/ptxas,
# bin/fatbinary and nvvm/libdevice. It is looked for as a directory, not
# through PATH alone: a `ptxas` on PATH may be a wrapper script outside the
# toolkit. TFC_CUDA_TOOLKIT_DIR is the first of $CUDA_HOME, $CUDA_PATH,
# /usr/local/cuda and the directory above the real path of a ptxas on PATH
# that has them all, or empty. The compiler uses it as its default
# (--cuda-toolkit overrides it) and lit for its `ptxas` feature.

function(tfc_is_cuda_toolkit dir result)
  if(dir AND EXISTS "${dir}/bin/ptxas" AND EXISTS "${dir}/bin/fatbinary"
     AND EXISTS "${dir}/nvvm/libdevice/libdevice.10.bc")
    set(${result} TRUE PARENT_SCOPE)
  else()
    set(${result} FALSE PARENT_SCOPE)
  endif()
endfunction()

set(tfc_cuda_candidates "$ENV{CUDA_HOME}" "$ENV{CUDA_PATH}" /usr/local/cuda)
find_program(TFC_PTXAS_ON_PATH ptxas NO_CACHE)
if(TFC_PTXAS_ON_PATH)
  file(REAL_PATH "${TFC_PTXAS_ON_PATH}" tfc_ptxas_real)
  get_filename_component(tfc_ptxas_bin "${tfc_ptxas_real}" DIRECTORY)
  get_filename_component(tfc_ptxas_root "${tfc_ptxas_bin}" DIRECTORY)
  list(APPEND tfc_cuda_candidates "${tfc_ptxas_root}")
endif()
set(TFC_CUDA_TOOLKIT_DIR "")
foreach(candidate IN LISTS tfc_cuda_candidates)
  tfc_is_cuda_toolkit("${candidate}" found)
  if(found)
    set(TFC_CUDA_TOOLKIT_DIR "${candidate}")
    break()
  endif()
endforeach()
if(TFC_CUDA_TOOLKIT_DIR)
  message(STATUS "CUDA toolkit: ${TFC_CUDA_TOOLKIT_DIR}")
else()
  message(STATUS "CUDA toolkit: none (bin/ptxas, bin/fatbinary, nvvm/libdevice)")
endif()
