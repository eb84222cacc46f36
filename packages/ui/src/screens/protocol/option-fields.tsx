import { useId } from 'react';
import type { Control } from 'react-hook-form';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../components/form.tsx';
import { RadioGroup, RadioGroupItem } from '../../components/radio-group.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/select.tsx';
import { cn } from '../../lib/cn.ts';
import type { ProtocolFormOutput, ProtocolFormValues } from './protocol-form.ts';

/** The new-note form's control, as its option fields take it. */
export type ProtocolControl = Control<ProtocolFormValues, unknown, ProtocolFormOutput>;

interface SelectFieldProps {
  control: ProtocolControl;
  name: 'folder_id' | 'language' | 'summary_model' | 'summary_language';
  label: string;
  hint?: string | undefined;
  options: { value: string; label: string; disabled?: boolean }[];
}

/** One value from a list, as a Radix select. */
export function SelectField({ control, name, label, hint, options }: SelectFieldProps) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option.value} value={option.value} disabled={option.disabled}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormControl>
          {hint ? <FormDescription>{hint}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export interface ChoiceCardProps {
  value: string;
  label: string;
  description?: string;
}

interface ChoiceFieldProps {
  control: ProtocolControl;
  name: 'transcript_type' | 'structure';
  label: string;
  hint?: string | undefined;
  /** Grid columns of the cards per breakpoint. */
  columns: string;
  options: ChoiceCardProps[];
}

/** One choice of a few, as a group of cards spanning the section's width. */
export function ChoiceField({ control, name, label, hint, columns, options }: ChoiceFieldProps) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="sm:col-span-2">
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <RadioGroup
              ref={field.ref}
              value={field.value}
              onValueChange={field.onChange}
              className={cn('grid gap-3', columns)}
            >
              {options.map((option) => (
                <ChoiceCard key={option.value} {...option} />
              ))}
            </RadioGroup>
          </FormControl>
          {hint ? <FormDescription>{hint}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * A radio option drawn as a card; the whole card is its label. The radio is named by the title
 * only, and its one-line explanation is its description.
 */
function ChoiceCard({ value, label, description }: ChoiceCardProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <label
      data-slot="choice-card"
      className={cn(
        'flex min-w-0 cursor-pointer items-start gap-3 rounded-md border border-border p-3',
        'text-sm text-foreground transition-colors hover:bg-muted/60',
        'has-data-[state=checked]:border-primary has-data-[state=checked]:bg-accent/60',
        'has-disabled:cursor-not-allowed has-disabled:hover:bg-transparent',
      )}
    >
      <RadioGroupItem
        value={value}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
      />
      <span className="min-w-0 pt-0.5">
        <span id={labelId} className="block font-medium">
          {label}
        </span>
        {description ? (
          <span id={descriptionId} className="mt-1 block text-muted-foreground">
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
}
