/**
 * A classic BPF program as seccomp takes it (struct sock_filter[]: u16 code, u8 jt, u8 jf, u32 k), written
 * with named labels instead of counted jump offsets. Only what the filters here need: loads of a word of
 * struct seccomp_data, jumps on equal, greater-or-equal and any-bit-set, and returns.
 */
// Classic BPF opcodes (<linux/bpf_common.h>).
const LD_W_ABS = 0x20;
const JMP_JEQ_K = 0x15;
const JMP_JGE_K = 0x35;
const JMP_JSET_K = 0x45;
const RET_K = 0x06;

/** Offsets in struct seccomp_data: nr, arch, then the arguments as 64-bit words (their low half first, little-endian). */
export const NR_OFFSET = 0;
export const ARCH_OFFSET = 4;
export const argOffset = (index: number) => 16 + 8 * index;

type Label = string;
type Instruction =
  | { op: "load"; offset: number }
  | { op: "jump"; test: "eq" | "ge" | "set"; value: number; ifTrue: Label | null; ifFalse: Label | null }
  | { op: "return"; value: number }
  | { op: "label"; name: Label };

/** A program to write instruction by instruction; `assemble` gives its bytes. */
export function bpfProgram() {
  const program: Instruction[] = [];
  return {
    load: (offset: number) => void program.push({ op: "load", offset }),
    jump: (test: "eq" | "ge" | "set", value: number, ifTrue: Label | null, ifFalse: Label | null) => void program.push({ op: "jump", test, value, ifTrue, ifFalse }),
    ret: (value: number) => void program.push({ op: "return", value }),
    label: (name: Label) => void program.push({ op: "label", name }),
    assemble: () => assemble(program),
  };
}

/** struct sock_filter[]: u16 code, u8 jt, u8 jf, u32 k, with each jump resolved to its label. */
function assemble(program: Instruction[]): Uint8Array {
  const positions = new Map<Label, number>();
  let count = 0;
  for (const instruction of program) {
    if (instruction.op === "label") positions.set(instruction.name, count);
    else count++;
  }
  const bytes = new Uint8Array(count * 8);
  const view = new DataView(bytes.buffer);
  let index = 0;
  const offsetTo = (target: Label | null) => {
    if (target === null) return 0;
    const position = positions.get(target);
    if (position === undefined) throw new Error(`seccomp filter: no label ${target}`);
    const offset = position - index - 1;
    if (offset < 0 || offset > 255) throw new Error(`seccomp filter: the jump to ${target} does not fit`);
    return offset;
  };
  for (const instruction of program) {
    if (instruction.op === "label") continue;
    const at = index * 8;
    if (instruction.op === "load") {
      view.setUint16(at, LD_W_ABS, true);
      view.setUint32(at + 4, instruction.offset, true);
    } else if (instruction.op === "return") {
      view.setUint16(at, RET_K, true);
      view.setUint32(at + 4, instruction.value >>> 0, true);
    } else {
      view.setUint16(at, instruction.test === "eq" ? JMP_JEQ_K : instruction.test === "ge" ? JMP_JGE_K : JMP_JSET_K, true);
      view.setUint8(at + 2, offsetTo(instruction.ifTrue));
      view.setUint8(at + 3, offsetTo(instruction.ifFalse));
      view.setUint32(at + 4, instruction.value >>> 0, true);
    }
    index++;
  }
  return bytes;
}

