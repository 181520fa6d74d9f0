// Dense layers: on the CUDA target each layer's matmul starts from its
// fill's zeros and computes its bias add and activation from its registers
// (one kernel a layer); a layer whose output buffer is its input's gets a
// new buffer; a product also fetched is still stored. Inputs are small
// integers, so every result is exact in any order of the sums and must
// equal numpy's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/dense_layers.py generate %t
// RUN: tfc compile %s -o %t/libdense.so
// RUN: tfc run %t/libdense.so --fn mlp --input x=%t/x.npy --input w1=%t/w1.npy --input b1=%t/b1.npy --input w2=%t/w2.npy --input b2=%t/b2.npy --input w3=%t/w3.npy --input b3=%t/b3.npy --output-dir %t/mlp --max-elements 0 > /dev/null
// RUN: for n in 0 1 70 300; do tfc run %t/libdense.so --fn batch --input x=%t/x$n.npy --input w1=%t/v1.npy --input b1=%t/c1.npy --input w2=%t/v2.npy --input b2=%t/c2.npy --output-dir %t/batch$n --max-elements 0 > /dev/null || exit 1; done
// RUN: tfc run %t/libdense.so --fn wide --input a=%t/a.npy --input b=%t/b.npy --output-dir %t/wide --max-elements 0 > /dev/null
// RUN: %python %S/Inputs/dense_layers.py check %t | FileCheck %s
// CHECK: mlp product True layer1 True layer2 True layer3 True
// CHECK-NEXT: batch0 True
// CHECK-NEXT: batch1 True
// CHECK-NEXT: batch70 True
// CHECK-NEXT: batch300 True
// CHECK-NEXT: wide halves True

// Three layers (relu, relu then min 6, none); the first layer's product
// is fetched too.
func.func @mlp(%x: tensor<70x37xf32> {tfc.name = "x"}, %w1: tensor<37x45xf32> {tfc.name = "w1"}, %b1: tensor<45xf32> {tfc.name = "b1"}, %w2: tensor<45x45xf32> {tfc.name = "w2"}, %b2: tensor<45xf32> {tfc.name = "b2"}, %w3: tensor<45x20xf32> {tfc.name = "w3"}, %b3: tensor<20xf32> {tfc.name = "b3"}) -> (tensor<70x45xf32>, tensor<70x45xf32>, tensor<70x45xf32>, tensor<70x20xf32>) {
  %r:4 = tfc.graph -> (tensor<70x45xf32>, tensor<70x45xf32>, tensor<70x45xf32>, tensor<70x20xf32>) {
    %p1 = tfc.matmul %x, %w1 : tensor<70x37xf32>, tensor<37x45xf32>
    %z1 = tfc.add %p1, %b1 : tensor<70x45xf32>, tensor<45xf32>
    %h1 = tfc.relu %z1 : tensor<70x45xf32>
    %p2 = tfc.matmul %h1, %w2 : tensor<70x45xf32>, tensor<45x45xf32>
    %z2 = tfc.bias_add %p2, %b2 : tensor<70x45xf32>, tensor<45xf32>
    %r2 = tfc.relu %z2 : tensor<70x45xf32>
    %six = tfc.constant dense<6.0> : tensor<f32>
    %h2 = tfc.minimum %r2, %six : tensor<70x45xf32>, tensor<f32>
    %p3 = tfc.matmul %h2, %w3 : tensor<70x45xf32>, tensor<45x20xf32>
    %h3 = tfc.add %p3, %b3 : tensor<70x20xf32>, tensor<20xf32>
    tfc.fetch %p1, %h1, %h2, %h3 : tensor<70x45xf32>, tensor<70x45xf32>, tensor<70x45xf32>, tensor<70x20xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<70x45xf32>, tensor<70x45xf32>, tensor<70x45xf32>, tensor<70x20xf32>
}

// A batch known at run time (0, 1, 70 and 300 rows), layers of 100
// (two blocks of columns): bufferization gives the second layer's output
// the first layer's buffer, which the other block of columns still reads.
func.func @batch(%x: tensor<?x37xf32> {tfc.name = "x"}, %w1: tensor<37x100xf32> {tfc.name = "w1"}, %b1: tensor<100xf32> {tfc.name = "b1"}, %w2: tensor<100x100xf32> {tfc.name = "w2"}, %b2: tensor<100xf32> {tfc.name = "b2"}) -> tensor<?x100xf32> {
  %r = tfc.graph -> (tensor<?x100xf32>) {
    %p1 = tfc.matmul %x, %w1 : tensor<?x37xf32>, tensor<37x100xf32>
    %z1 = tfc.add %p1, %b1 : tensor<?x100xf32>, tensor<100xf32>
    %h1 = tfc.relu %z1 : tensor<?x100xf32>
    %p2 = tfc.matmul %h1, %w2 : tensor<?x100xf32>, tensor<100x100xf32>
    %z2 = tfc.add %p2, %b2 : tensor<?x100xf32>, tensor<100xf32>
    %h2 = tfc.relu %z2 : tensor<?x100xf32>
    tfc.fetch %h2 : tensor<?x100xf32>
  }
  return %r : tensor<?x100xf32>
}

// A product scaled where it lies: [300, 200] x [200, 300], several tiles.
func.func @wide(%a: tensor<300x200xf32> {tfc.name = "a"}, %b: tensor<200x300xf32> {tfc.name = "b"}) -> tensor<300x300xf32> {
  %r = tfc.graph -> (tensor<300x300xf32>) {
    %p = tfc.matmul %a, %b : tensor<300x200xf32>, tensor<200x300xf32>
    %half = tfc.constant dense<0.5> : tensor<f32>
    %h = tfc.mul %p, %half : tensor<300x300xf32>, tensor<f32>
    tfc.fetch %h : tensor<300x300xf32>
  }
  return %r : tensor<300x300xf32>
}
