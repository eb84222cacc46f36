import { useId } from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx';
import { cn } from '../../lib/cn.ts';

export interface FormSectionProps {
  title: string;
  description: string;
  className?: string;
  children: React.ReactNode;
}

/** One card of the new-note form, named by its heading. */
export function FormSection({ title, description, className, children }: FormSectionProps) {
  const headingId = useId();
  return (
    <Card role="group" aria-labelledby={headingId} className="gap-5">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={cn('grid gap-4', className)}>{children}</CardContent>
    </Card>
  );
}
