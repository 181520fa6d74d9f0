// RUN: tfc-opt %s --tfc-gpu-verify-host-code --split-input-file -verify-diagnostics

func.func @load(%m: memref<4xf32>, %i: index) -> f32 {
  // expected-error @below {{'memref.load' op accesses device memory from host code on the CUDA target}}
  %v = memref.load %m[%i] : memref<4xf32>
  return %v : f32
}

// -----

func.func @alloc() -> memref<4xf32> {
  // expected-error @below {{'memref.alloc' op allocates host memory for a temporary on the CUDA target}}
  %m = memref.alloc() : memref<4xf32>
  return %m : memref<4xf32>
}

// -----

func.func @linalg(%a: memref<4xf32>, %b: memref<4xf32>) {
  // expected-error @below {{'linalg.copy' op accesses device memory from host code on the CUDA target}}
  linalg.copy ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  return
}

// -----

memref.global "private" constant @cst : memref<4xf32> = dense<1.0>
func.func @constant() -> memref<4xf32> {
  %g = memref.get_global @cst : memref<4xf32>
  // expected-error @below {{'func.return' op uses a host constant directly on the CUDA target}}
  return %g : memref<4xf32>
}

// -----

// Host staging buffers, views of device buffers and kernels are fine.
func.func @fine(%m: memref<4xf32>) -> f32 {
  %h = memref.alloca() {tfc.host} : memref<f32>
  %v = memref.subview %m[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %w = %c1, %s = %c1) {
    %e = memref.load %v[%tx] : memref<2xf32, strided<[1], offset: 1>>
    gpu.terminator
  }
  %r = memref.load %h[] : memref<f32>
  return %r : f32
}
