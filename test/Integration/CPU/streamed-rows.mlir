// Softmax rows written through scratch rows and stored past the cache
// during the next row (tfc-stream-row-results, results of 8 MiB or more),
// the sum computed in the exponentials' pass (tfc-fuse-row-passes, rows of
// 32 KiB or more or of a run-time length) and the exponential of x - max
// without its overflow test: the same numbers, bit for bit, as the library
// compiled without the two row rewrites, on one thread and two, for rows
// of 1000 (9.2 MB, streamed), a batch known at run time (0, 1, 7 and 300
// rows: the loop as it was; 2200 rows: 8.8 MB, streamed), a log-softmax,
// long rows (9000, one per parallel chunk: merged, no row loop to stream)
// and rows whose length is known only at run time (merged); within 3e-6 of
// float64 softmax.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(3); [np.save('%t/' + n + '.npy', (5 * r.standard_normal(s)).astype(np.float32)) for n, s in (('wide', (100, 9000)), ('cols', (70, 9000)), ('short', (2304, 1000)), ('b0', (0, 1000)), ('b1', (1, 1000)), ('b7', (7, 1000)), ('b300', (300, 1000)), ('b2200', (2200, 1000)), ('log', (2200, 1000)))]"
// RUN: tfc compile %s -o %t/libs.so
// RUN: tfc compile %s --disable-rewrite=stream-rows,fuse-row-passes -o %t/libp.so
// RUN: for lib in s p; do for t in 1 2; do for f in wide cols short log; do env TFC_NUM_THREADS=$t tfc run %t/lib$lib.so --fn $f --input x=%t/$f.npy --output-dir %t/$lib$t$f --max-elements 0 > /dev/null || exit 1; done; for b in b0 b1 b7 b300 b2200; do env TFC_NUM_THREADS=$t tfc run %t/lib$lib.so --fn batch --input x=%t/$b.npy --output-dir %t/$lib$t$b --max-elements 0 > /dev/null || exit 1; done; done; done
// RUN: %python %S/Inputs/streamed_rows.py %t | FileCheck %s
// CHECK: wide same True close True
// CHECK-NEXT: cols same True close True
// CHECK-NEXT: short same True close True
// CHECK-NEXT: log same True close True
// CHECK-NEXT: b0 same True close True
// CHECK-NEXT: b1 same True close True
// CHECK-NEXT: b7 same True close True
// CHECK-NEXT: b300 same True close True
// CHECK-NEXT: b2200 same True close True

func.func @wide(%x: tensor<100x9000xf32> {tfc.name = "x"}) -> tensor<100x9000xf32> {
  %r = tfc.graph -> (tensor<100x9000xf32>) {
    %s = tfc.softmax %x : tensor<100x9000xf32>
    tfc.fetch %s : tensor<100x9000xf32>
  }
  return %r : tensor<100x9000xf32>
}

func.func @cols(%x: tensor<?x?xf32> {tfc.name = "x"}) -> tensor<?x?xf32> {
  %r = tfc.graph -> (tensor<?x?xf32>) {
    %s = tfc.softmax %x : tensor<?x?xf32>
    tfc.fetch %s : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

func.func @short(%x: tensor<2304x1000xf32> {tfc.name = "x"}) -> tensor<2304x1000xf32> {
  %r = tfc.graph -> (tensor<2304x1000xf32>) {
    %s = tfc.softmax %x : tensor<2304x1000xf32>
    tfc.fetch %s : tensor<2304x1000xf32>
  }
  return %r : tensor<2304x1000xf32>
}

func.func @batch(%x: tensor<?x1000xf32> {tfc.name = "x"}) -> tensor<?x1000xf32> {
  %r = tfc.graph -> (tensor<?x1000xf32>) {
    %s = tfc.softmax %x : tensor<?x1000xf32>
    tfc.fetch %s : tensor<?x1000xf32>
  }
  return %r : tensor<?x1000xf32>
}

func.func @log(%x: tensor<2200x1000xf32> {tfc.name = "x"}) -> tensor<2200x1000xf32> {
  %r = tfc.graph -> (tensor<2200x1000xf32>) {
    %s = tfc.log_softmax %x : tensor<2200x1000xf32>
    tfc.fetch %s : tensor<2200x1000xf32>
  }
  return %r : tensor<2200x1000xf32>
}
