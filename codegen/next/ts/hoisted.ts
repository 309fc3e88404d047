// The module-level declarations that checks refer to (an inline check's function, a union's variants,
// filters and pick function, an inline object's key predicate): made once when the module loads, not
// on every call, and printed after the definitions. Identical declarations are written once.

export class Hoisted {
  readonly texts: string[] = [];
  private readonly byText = new Map<string, string>();

  /** The name of declaration `text(name)`: `<prefix>N`, new, or the one already written with the same text. */
  add(prefix: string, text: (name: string) => string): string {
    const key = text(`${prefix}\0`);
    const known = this.byText.get(key);
    if (known !== undefined) return known;
    const name = `${prefix}${this.texts.length + 1}`;
    this.byText.set(key, name);
    this.texts.push(text(name));
    return name;
  }
}
