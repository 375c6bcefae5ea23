import { Link } from 'react-router';
import { PageHeader } from './PageHeader.js';

/** A page whose thing is not there (deleted, or a wrong address): says so under its title and links back to its list. */
export function MissingNotice({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  return (
    <div className="space-y-3">
      <PageHeader title={title} />
      <p className="text-sm text-neutral-700">It may have been deleted.</p>
      <Link to={backTo} className="text-sm font-medium text-accent underline">
        {backLabel}
      </Link>
    </div>
  );
}
