import type { CrisisResource } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { Label } from "@halcyon/ui/components/label";
import { Plus, Trash2 } from "lucide-react";

const MOST = 6;
const FIELDS = [
  { key: "name", label: "Name", placeholder: "988 Suicide & Crisis Lifeline" },
  { key: "contact", label: "How to reach it", placeholder: "Call or text 988" },
  { key: "detail", label: "A line more (optional)", placeholder: "Free and confidential, any hour" },
] as const;

type Resource = Required<CrisisResource>;

/** Where a patient in crisis is pointed: each resource's name, how to reach it, and a line more. */
export function CrisisResourcesEditor({ value, onChange, disabled }: { value: Resource[]; onChange: (value: Resource[]) => void; disabled: boolean }) {
  const change = (index: number, key: keyof Resource, text: string) =>
    onChange(value.map((resource, at) => (at === index ? { ...resource, [key]: text } : resource)));
  return (
    <div className="grid gap-4">
      {value.map((resource, index) => (
        <fieldset key={index} className="grid gap-3 rounded-xl border border-hairline bg-ivory-50 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <legend className="sr-only">Crisis resource {index + 1}</legend>
          {FIELDS.map(({ key, label, placeholder }) => (
            <div key={key} className={key === "detail" ? "grid gap-1.5 sm:col-span-2" : "grid gap-1.5"}>
              <Label htmlFor={`crisis-${index}-${key}`}>{label}</Label>
              <Input
                id={`crisis-${index}-${key}`}
                value={resource[key]}
                placeholder={placeholder}
                onChange={(event) => change(index, key, event.target.value)}
                disabled={disabled}
                maxLength={key === "detail" ? 200 : 80}
              />
            </div>
          ))}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="justify-self-end sm:row-start-1 sm:col-start-3"
            aria-label={`Remove ${resource.name || `crisis resource ${index + 1}`}`}
            onClick={() => onChange(value.filter((_, at) => at !== index))}
            disabled={disabled || value.length === 1}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </fieldset>
      ))}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => onChange([...value, { name: "", contact: "", detail: "" }])}
        disabled={disabled || value.length >= MOST}
      >
        <Plus aria-hidden="true" />
        Add a resource
      </Button>
    </div>
  );
}
