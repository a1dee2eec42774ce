import { type FormEvent, type ReactNode, useState } from 'react';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../../shared/roles';
import type { StaffMember } from '../../../../shared/schemas/staff';
import { useFlash } from '../../../components/flash-context';
import { FormError } from '../../../components/form-error';
import { DataTable } from '../../../components/data-table';
import { CheckboxField, SelectField, TextField } from '../../../components/form-field';
import { QueryView } from '../../../components/query-view';
import { ButtonSpinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api';
import { useCodeLocks, useInviteStaff, useLiftCodeLock, useSaveStaffSettings, useStaffList, useStaffSettings, useUpdateStaff } from '../api/staff';
import { displayDateTime } from '../../../../shared/display-date';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** /admin/staff (admins): the staff accounts with role, last sign-in and two-factor state; invite, change role, disable; then the settings, with those other features own (`settings`, composed in app/pages/console-staff.tsx). */
export function StaffPage({ settings }: { settings?: ReactNode }) {
  const staff = useStaffList();
  // Every change to the staff asks for the admin's own password (or authenticator code) again.
  const [currentPassword, setCurrentPassword] = useState('');
  return (
    <div className="admin__section">
      <div className="admin__toolbar">
        <h2>Staff</h2>
      </div>
      <TextField
        label="Your password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        hint="Needed to invite, change a role or disable: your password, or a code from your authenticator app"
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
      />
      <InviteStaff currentPassword={currentPassword} />
      <QueryView query={staff}>
        {(members) => (
          <DataTable
            label="Staff accounts"
            columns={[
              {
                heading: 'Name',
                cell: (member) => (
                  <>
                    {member.name}
                    <br />
                    <span className="muted">{member.email}</span>
                    {member.disabled && <span className="badge">Disabled</span>}
                  </>
                ),
              },
              { heading: 'Role', cell: (member) => <RoleChoice member={member} currentPassword={currentPassword} /> },
              {
                heading: 'Last sign-in',
                cell: (member) =>
                  member.invited ? (
                    <span className="muted">Invited</span>
                  ) : (
                    member.lastSignInAt && <time dateTime={member.lastSignInAt}>{displayDateTime(member.lastSignInAt)}</time>
                  ),
              },
              {
                heading: 'Two-factor',
                cell: (member) => <span className={`badge${member.twoFactorEnabled ? ' badge--ok' : ''}`}>{member.twoFactorEnabled ? 'On' : 'Off'}</span>,
              },
              { heading: 'Action', hideHeading: true, cell: (member) => <DisableButton member={member} currentPassword={currentPassword} /> },
            ]}
            rows={members}
            rowKey={(member) => member.id}
            rowLabel={(member) => member.name}
          />
        )}
      </QueryView>
      <CodeLocks />
      <TwoFactorSetting />
      {settings}
    </div>
  );
}

/** A change to a staff account (its role, or disabling it), with the admin's password; a refusal is said beside what was changed. */
function useStaffChange(member: StaffMember, currentPassword: string) {
  const update = useUpdateStaff();
  const [error, setError] = useState<string | null>(null);
  const change = (body: { role?: StaffRole; disabled?: boolean }) => {
    setError(null);
    update.mutate({ id: member.id, ...body, currentPassword }, { onError: (failure) => setError(failure.message) });
  };
  return { change, error, pending: update.isPending };
}

function RoleChoice({ member, currentPassword }: { member: StaffMember; currentPassword: string }) {
  const { change, error, pending } = useStaffChange(member, currentPassword);
  return (
    <SelectField
      label={`Role of ${member.name}`}
      name="role"
      options={ROLE_OPTIONS}
      value={member.role}
      disabled={pending}
      onChange={(e) => change({ role: e.target.value as StaffRole })}
      error={error ?? undefined}
    />
  );
}

function DisableButton({ member, currentPassword }: { member: StaffMember; currentPassword: string }) {
  const { change, error, pending } = useStaffChange(member, currentPassword);
  return (
    <>
      <button type="button" className="button button--ghost" disabled={pending} onClick={() => change({ disabled: !member.disabled })}>
        {member.disabled ? 'Enable' : 'Disable'}
      </button>
      <FormError message={error} />
    </>
  );
}

function InviteStaff({ currentPassword }: { currentPassword: string }) {
  const invite = useInviteStaff();
  const flash = useFlash();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('moderator');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    invite.mutate(
      { name, email, role, currentPassword },
      {
        onSuccess: ({ message }) => {
          flash.showSuccess(message);
          setName('');
          setEmail('');
        },
        onError: (failure) => {
          const fields = failure instanceof ApiError && failure.fields ? Object.fromEntries(failure.fields.map((f) => [f.field, f.message])) : {};
          // A 409 (email in use) belongs to the email field; anything else without a field goes under the form.
          setErrors(
            Object.keys(fields).length > 0
              ? fields
              : failure instanceof ApiError && failure.status === 409
                ? { email: failure.message }
                : { form: failure.message },
          );
        },
      },
    );
  }

  return (
    <form className="card admin__add" onSubmit={submit} aria-label="Invite a staff member" noValidate>
      <h3>Invite a staff member</h3>
      <p className="muted">They get an email with a code to choose their password on the password reset page.</p>
      <TextField label="Name" name="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} error={errors.name} />
      <TextField
        label="Email"
        name="email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
        maxLength={254}
        error={errors.email}
      />
      <SelectField label="Role" name="role" options={ROLE_OPTIONS} value={role} onChange={(e) => setRole(e.target.value as StaffRole)} error={errors.role} />
      <FormError message={errors.form} />
      <button type="submit" className="button button--primary" disabled={invite.isPending}>
        {invite.isPending && <ButtonSpinner />} Send invitation
      </button>
    </form>
  );
}

/** Members' and staff accounts whose passwords or codes wait after too many wrong ones; an admin lifts the waits after checking with the owner. */
function CodeLocks() {
  const locks = useCodeLocks();
  const lift = useLiftCodeLock();
  const flash = useFlash();
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="card admin__add" aria-label="Accounts held back after wrong guesses">
      <h3>Accounts held back after wrong guesses</h3>
      <p className="muted">
        Too many wrong passwords or codes in a row: each further try waits, up to an hour for codes, except on the owner’s own browser. Lift the waits once you
        have checked with the owner.
      </p>
      <QueryView query={locks}>
        {(rows) =>
          rows.length === 0 ? (
            <p>No account is held back.</p>
          ) : (
            <ul>
              {rows.map((lock) => (
                <li key={lock.userId}>
                  {lock.name} <span className="muted">{lock.email}</span> ({lock.wrongTries} wrong tries){' '}
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={lift.isPending}
                    onClick={() =>
                      lift.mutate(lock.userId, {
                        onSuccess: ({ message }) => {
                          setError(null);
                          flash.showSuccess(message);
                        },
                        onError: (failure) => setError(failure.message),
                      })
                    }
                  >
                    Lift the waits for {lock.name}
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <FormError message={error ?? undefined} />
    </section>
  );
}

function TwoFactorSetting() {
  const settings = useStaffSettings();
  const save = useSaveStaffSettings();
  const flash = useFlash();
  const [error, setError] = useState<string | null>(null);
  return (
    <QueryView query={settings}>
      {(current) => (
        <div className="card admin__add">
          <h3>Sign-in</h3>
          <CheckboxField
            label="Require two-factor sign-in (an authenticator app) for every staff account"
            name="twoFactorRequired"
            checked={current.twoFactorRequired}
            disabled={save.isPending}
            error={error ?? undefined}
            onChange={(e) =>
              save.mutate(
                { twoFactorRequired: e.target.checked },
                {
                  onSuccess: ({ message }) => {
                    setError(null);
                    flash.showSuccess(message);
                  },
                  onError: (failure) => setError(failure.message),
                },
              )
            }
          />
        </div>
      )}
    </QueryView>
  );
}
