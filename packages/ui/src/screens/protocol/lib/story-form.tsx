import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button.tsx';
import { Form } from '../../../components/form.tsx';
import type { ProtocolControl } from '../option-fields.tsx';
import {
  ProtocolForm,
  protocolDefaults,
  protocolParseOptions,
  serverFields,
  type ProtocolFormOutput,
  type ProtocolFormValues,
} from '../protocol-form.ts';

/** The options the story form hands over: everything but the file. */
export type StoryProtocolValues = Omit<ProtocolFormValues, 'audio_file' | 'file_name' | 'size'>;

export interface StoryProtocolFormProps {
  /** The new-note form's sections under test, given the form's control. */
  children: (control: ProtocolControl) => React.ReactNode;
  /** The options were checked and are valid. */
  onValues: (values: StoryProtocolValues) => void;
  /** What the form starts from besides the screen's defaults. */
  defaults?: Partial<ProtocolFormValues> | undefined;
}

/**
 * The new-note form as `ProtocolScreen` builds it (its schema and defaults) around some of its
 * sections, for their stories. Its button checks the option fields and hands over their values;
 * the file is left out, as its part is the drop zone.
 */
export function StoryProtocolForm({ children, onValues, defaults }: StoryProtocolFormProps) {
  const form = useForm<ProtocolFormValues, unknown, ProtocolFormOutput>({
    resolver: zodResolver(ProtocolForm, protocolParseOptions),
    defaultValues: { ...protocolDefaults(undefined, '', 'standard', 'de'), ...defaults },
  });
  return (
    <Form {...form}>
      <form
        noValidate
        className="grid max-w-4xl gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          void form.trigger(serverFields, { shouldFocus: true }).then((valid) => {
            if (!valid) return;
            const {
              audio_file: _file,
              file_name: _name,
              size: _size,
              ...options
            } = form.getValues();
            onValues(options);
          });
        }}
      >
        {children(form.control)}
        <div>
          <Button type="submit" variant="outline">
            OK
          </Button>
        </div>
      </form>
    </Form>
  );
}
