/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef USERMOUNT_LAZYMOUNT_H
#define USERMOUNT_LAZYMOUNT_H

/*
 * libmount and libblkid, loaded on their first call (lib/lazymount.c).
 *
 * Loading them costs more than an owner's umount itself: at every start
 * the dynamic loader relocates libmount, libblkid, libselinux and libpcre2
 * (bench/results/profile.md), while the owner's operations need none of
 * them (lib/fastpath.c). So the programs are not linked with the two
 * libraries: include this header instead of <libmount.h> and <blkid.h>,
 * and every call of a function listed below looks the function up once
 * per call site, loading the libraries the first time. A function of
 * theirs used without a line here is an undefined reference at link
 * time: add its line (sorted). The types are the headers' own, so a call
 * is checked as before.
 */
#include <libmount.h>
#include <blkid.h>

void *um_lazy_sym(const char *name);

#define UM_LAZY(f)                                                       \
	(*({                                                             \
		static __typeof__(&f) um_lazy_fn;                        \
		if (!um_lazy_fn)                                         \
			um_lazy_fn = (__typeof__(&f))um_lazy_sym(#f);    \
		um_lazy_fn;                                              \
	}))

/* clang-format off */
#define blkid_get_cache(...) UM_LAZY(blkid_get_cache)(__VA_ARGS__)
#define blkid_get_tag_value(...) UM_LAZY(blkid_get_tag_value)(__VA_ARGS__)
#define blkid_put_cache(...) UM_LAZY(blkid_put_cache)(__VA_ARGS__)
#define mnt_context_append_options(...) \
	UM_LAZY(mnt_context_append_options)(__VA_ARGS__)
#define mnt_context_apply_fstab(...) \
	UM_LAZY(mnt_context_apply_fstab)(__VA_ARGS__)
#define mnt_context_disable_canonicalize(...) \
	UM_LAZY(mnt_context_disable_canonicalize)(__VA_ARGS__)
#define mnt_context_disable_helpers(...) \
	UM_LAZY(mnt_context_disable_helpers)(__VA_ARGS__)
#define mnt_context_disable_mtab(...) \
	UM_LAZY(mnt_context_disable_mtab)(__VA_ARGS__)
#define mnt_context_disable_swapmatch(...) \
	UM_LAZY(mnt_context_disable_swapmatch)(__VA_ARGS__)
#define mnt_context_do_mount(...) UM_LAZY(mnt_context_do_mount)(__VA_ARGS__)
#define mnt_context_do_umount(...) UM_LAZY(mnt_context_do_umount)(__VA_ARGS__)
#define mnt_context_enable_fake(...) \
	UM_LAZY(mnt_context_enable_fake)(__VA_ARGS__)
#define mnt_context_enable_force(...) \
	UM_LAZY(mnt_context_enable_force)(__VA_ARGS__)
#define mnt_context_enable_lazy(...) \
	UM_LAZY(mnt_context_enable_lazy)(__VA_ARGS__)
#define mnt_context_enable_loopdel(...) \
	UM_LAZY(mnt_context_enable_loopdel)(__VA_ARGS__)
#define mnt_context_enable_rdonly_umount(...) \
	UM_LAZY(mnt_context_enable_rdonly_umount)(__VA_ARGS__)
#define mnt_context_enable_rwonly_mount(...) \
	UM_LAZY(mnt_context_enable_rwonly_mount)(__VA_ARGS__)
#define mnt_context_enable_sloppy(...) \
	UM_LAZY(mnt_context_enable_sloppy)(__VA_ARGS__)
#define mnt_context_enable_verbose(...) \
	UM_LAZY(mnt_context_enable_verbose)(__VA_ARGS__)
#define mnt_context_finalize_mount(...) \
	UM_LAZY(mnt_context_finalize_mount)(__VA_ARGS__)
#define mnt_context_finalize_umount(...) \
	UM_LAZY(mnt_context_finalize_umount)(__VA_ARGS__)
#define mnt_context_find_umount_fs(...) \
	UM_LAZY(mnt_context_find_umount_fs)(__VA_ARGS__)
#define mnt_context_force_unrestricted(...) \
	UM_LAZY(mnt_context_force_unrestricted)(__VA_ARGS__)
#define mnt_context_get_cache(...) UM_LAZY(mnt_context_get_cache)(__VA_ARGS__)
#define mnt_context_get_excode(...) UM_LAZY(mnt_context_get_excode)(__VA_ARGS__)
#define mnt_context_get_fs(...) UM_LAZY(mnt_context_get_fs)(__VA_ARGS__)
#define mnt_context_get_fstab(...) UM_LAZY(mnt_context_get_fstab)(__VA_ARGS__)
#define mnt_context_get_fstype(...) UM_LAZY(mnt_context_get_fstype)(__VA_ARGS__)
#define mnt_context_get_mflags(...) UM_LAZY(mnt_context_get_mflags)(__VA_ARGS__)
#define mnt_context_get_mtab(...) UM_LAZY(mnt_context_get_mtab)(__VA_ARGS__)
#define mnt_context_get_optsmode(...) \
	UM_LAZY(mnt_context_get_optsmode)(__VA_ARGS__)
#define mnt_context_get_source(...) UM_LAZY(mnt_context_get_source)(__VA_ARGS__)
#define mnt_context_get_status(...) UM_LAZY(mnt_context_get_status)(__VA_ARGS__)
#define mnt_context_get_syscall_errno(...) \
	UM_LAZY(mnt_context_get_syscall_errno)(__VA_ARGS__)
#define mnt_context_get_target(...) UM_LAZY(mnt_context_get_target)(__VA_ARGS__)
#define mnt_context_get_target_prefix(...) \
	UM_LAZY(mnt_context_get_target_prefix)(__VA_ARGS__)
#define mnt_context_helper_executed(...) \
	UM_LAZY(mnt_context_helper_executed)(__VA_ARGS__)
#define mnt_context_is_fake(...) UM_LAZY(mnt_context_is_fake)(__VA_ARGS__)
#define mnt_context_is_fs_mounted(...) \
	UM_LAZY(mnt_context_is_fs_mounted)(__VA_ARGS__)
#define mnt_context_is_nocanonicalize(...) \
	UM_LAZY(mnt_context_is_nocanonicalize)(__VA_ARGS__)
#define mnt_context_is_nohelpers(...) \
	UM_LAZY(mnt_context_is_nohelpers)(__VA_ARGS__)
#define mnt_context_is_nomtab(...) UM_LAZY(mnt_context_is_nomtab)(__VA_ARGS__)
#define mnt_context_is_restricted(...) \
	UM_LAZY(mnt_context_is_restricted)(__VA_ARGS__)
#define mnt_context_is_verbose(...) UM_LAZY(mnt_context_is_verbose)(__VA_ARGS__)
#define mnt_context_next_umount(...) \
	UM_LAZY(mnt_context_next_umount)(__VA_ARGS__)
#define mnt_context_prepare_mount(...) \
	UM_LAZY(mnt_context_prepare_mount)(__VA_ARGS__)
#define mnt_context_prepare_umount(...) \
	UM_LAZY(mnt_context_prepare_umount)(__VA_ARGS__)
#define mnt_context_set_cache(...) UM_LAZY(mnt_context_set_cache)(__VA_ARGS__)
#define mnt_context_set_fs(...) UM_LAZY(mnt_context_set_fs)(__VA_ARGS__)
#define mnt_context_set_fstab(...) UM_LAZY(mnt_context_set_fstab)(__VA_ARGS__)
#define mnt_context_set_fstype(...) UM_LAZY(mnt_context_set_fstype)(__VA_ARGS__)
#define mnt_context_set_fstype_pattern(...) \
	UM_LAZY(mnt_context_set_fstype_pattern)(__VA_ARGS__)
#define mnt_context_set_mflags(...) UM_LAZY(mnt_context_set_mflags)(__VA_ARGS__)
#define mnt_context_set_options_pattern(...) \
	UM_LAZY(mnt_context_set_options_pattern)(__VA_ARGS__)
#define mnt_context_set_optsmode(...) \
	UM_LAZY(mnt_context_set_optsmode)(__VA_ARGS__)
#define mnt_context_set_source(...) UM_LAZY(mnt_context_set_source)(__VA_ARGS__)
#define mnt_context_set_syscall_status(...) \
	UM_LAZY(mnt_context_set_syscall_status)(__VA_ARGS__)
#define mnt_context_set_target(...) UM_LAZY(mnt_context_set_target)(__VA_ARGS__)
#define mnt_context_set_target_ns(...) \
	UM_LAZY(mnt_context_set_target_ns)(__VA_ARGS__)
#define mnt_context_set_target_prefix(...) \
	UM_LAZY(mnt_context_set_target_prefix)(__VA_ARGS__)
#define mnt_context_switch_ns(...) UM_LAZY(mnt_context_switch_ns)(__VA_ARGS__)
#define mnt_context_switch_target_ns(...) \
	UM_LAZY(mnt_context_switch_target_ns)(__VA_ARGS__)
#define mnt_context_syscall_called(...) \
	UM_LAZY(mnt_context_syscall_called)(__VA_ARGS__)
#define mnt_context_tab_applied(...) \
	UM_LAZY(mnt_context_tab_applied)(__VA_ARGS__)
#define mnt_copy_fs(...) UM_LAZY(mnt_copy_fs)(__VA_ARGS__)
#define mnt_free_context(...) UM_LAZY(mnt_free_context)(__VA_ARGS__)
#define mnt_free_iter(...) UM_LAZY(mnt_free_iter)(__VA_ARGS__)
#define mnt_fs_get_devno(...) UM_LAZY(mnt_fs_get_devno)(__VA_ARGS__)
#define mnt_fs_get_fs_options(...) UM_LAZY(mnt_fs_get_fs_options)(__VA_ARGS__)
#define mnt_fs_get_fstype(...) UM_LAZY(mnt_fs_get_fstype)(__VA_ARGS__)
#define mnt_fs_get_id(...) UM_LAZY(mnt_fs_get_id)(__VA_ARGS__)
#define mnt_fs_get_parent_id(...) UM_LAZY(mnt_fs_get_parent_id)(__VA_ARGS__)
#define mnt_fs_get_option(...) UM_LAZY(mnt_fs_get_option)(__VA_ARGS__)
#define mnt_fs_get_optional_fields(...) \
	UM_LAZY(mnt_fs_get_optional_fields)(__VA_ARGS__)
#define mnt_fs_streq_target(...) UM_LAZY(mnt_fs_streq_target)(__VA_ARGS__)
#define mnt_fs_get_options(...) UM_LAZY(mnt_fs_get_options)(__VA_ARGS__)
#define mnt_fs_get_root(...) UM_LAZY(mnt_fs_get_root)(__VA_ARGS__)
#define mnt_fs_get_source(...) UM_LAZY(mnt_fs_get_source)(__VA_ARGS__)
#define mnt_fs_get_srcpath(...) UM_LAZY(mnt_fs_get_srcpath)(__VA_ARGS__)
#define mnt_fs_get_target(...) UM_LAZY(mnt_fs_get_target)(__VA_ARGS__)
#define mnt_fs_get_user_options(...) \
	UM_LAZY(mnt_fs_get_user_options)(__VA_ARGS__)
#define mnt_fs_get_vfs_options(...) UM_LAZY(mnt_fs_get_vfs_options)(__VA_ARGS__)
#define mnt_fs_is_regularfs(...) UM_LAZY(mnt_fs_is_regularfs)(__VA_ARGS__)
#define mnt_fs_is_swaparea(...) UM_LAZY(mnt_fs_is_swaparea)(__VA_ARGS__)
#define mnt_fs_match_fstype(...) UM_LAZY(mnt_fs_match_fstype)(__VA_ARGS__)
#define mnt_fs_match_options(...) UM_LAZY(mnt_fs_match_options)(__VA_ARGS__)
#define mnt_fs_set_fstype(...) UM_LAZY(mnt_fs_set_fstype)(__VA_ARGS__)
#define mnt_fs_set_options(...) UM_LAZY(mnt_fs_set_options)(__VA_ARGS__)
#define mnt_fs_set_source(...) UM_LAZY(mnt_fs_set_source)(__VA_ARGS__)
#define mnt_get_builtin_optmap(...) \
	UM_LAZY(mnt_get_builtin_optmap)(__VA_ARGS__)
#define mnt_get_fstab_path(...) UM_LAZY(mnt_get_fstab_path)(__VA_ARGS__)
#define mnt_get_library_features(...) \
	UM_LAZY(mnt_get_library_features)(__VA_ARGS__)
#define mnt_get_library_version(...) \
	UM_LAZY(mnt_get_library_version)(__VA_ARGS__)
#define mnt_init_debug(...) UM_LAZY(mnt_init_debug)(__VA_ARGS__)
#define mnt_match_fstype(...) UM_LAZY(mnt_match_fstype)(__VA_ARGS__)
#define mnt_new_cache(...) UM_LAZY(mnt_new_cache)(__VA_ARGS__)
#define mnt_new_context(...) UM_LAZY(mnt_new_context)(__VA_ARGS__)
#define mnt_new_fs(...) UM_LAZY(mnt_new_fs)(__VA_ARGS__)
#define mnt_new_iter(...) UM_LAZY(mnt_new_iter)(__VA_ARGS__)
#define mnt_new_table(...) UM_LAZY(mnt_new_table)(__VA_ARGS__)
#define mnt_new_table_from_file(...) \
	UM_LAZY(mnt_new_table_from_file)(__VA_ARGS__)
#define mnt_optstr_append_option(...) \
	UM_LAZY(mnt_optstr_append_option)(__VA_ARGS__)
#define mnt_optstr_get_option(...) UM_LAZY(mnt_optstr_get_option)(__VA_ARGS__)
#define mnt_optstr_next_option(...) UM_LAZY(mnt_optstr_next_option)(__VA_ARGS__)
#define mnt_optstr_remove_option(...) \
	UM_LAZY(mnt_optstr_remove_option)(__VA_ARGS__)
#define mnt_pretty_path(...) UM_LAZY(mnt_pretty_path)(__VA_ARGS__)
#define mnt_reset_context(...) UM_LAZY(mnt_reset_context)(__VA_ARGS__)
#define mnt_resolve_path(...) UM_LAZY(mnt_resolve_path)(__VA_ARGS__)
#define mnt_resolve_spec(...) UM_LAZY(mnt_resolve_spec)(__VA_ARGS__)
#define mnt_table_find_pair(...) UM_LAZY(mnt_table_find_pair)(__VA_ARGS__)
#define mnt_table_find_source(...) UM_LAZY(mnt_table_find_source)(__VA_ARGS__)
#define mnt_table_find_target(...) UM_LAZY(mnt_table_find_target)(__VA_ARGS__)
#define mnt_table_first_fs(...) UM_LAZY(mnt_table_first_fs)(__VA_ARGS__)
#define mnt_table_is_fs_mounted(...) \
	UM_LAZY(mnt_table_is_fs_mounted)(__VA_ARGS__)
#define mnt_table_next_child_fs(...) \
	UM_LAZY(mnt_table_next_child_fs)(__VA_ARGS__)
#define mnt_table_next_fs(...) UM_LAZY(mnt_table_next_fs)(__VA_ARGS__)
#define mnt_table_parse_fstab(...) UM_LAZY(mnt_table_parse_fstab)(__VA_ARGS__)
#define mnt_table_parse_mtab(...) UM_LAZY(mnt_table_parse_mtab)(__VA_ARGS__)
#define mnt_table_parse_stream(...) UM_LAZY(mnt_table_parse_stream)(__VA_ARGS__)
#define mnt_table_set_cache(...) UM_LAZY(mnt_table_set_cache)(__VA_ARGS__)
#define mnt_table_set_parser_errcb(...) \
	UM_LAZY(mnt_table_set_parser_errcb)(__VA_ARGS__)
#define mnt_tag_is_valid(...) UM_LAZY(mnt_tag_is_valid)(__VA_ARGS__)
#define mnt_unref_cache(...) UM_LAZY(mnt_unref_cache)(__VA_ARGS__)
#define mnt_unref_fs(...) UM_LAZY(mnt_unref_fs)(__VA_ARGS__)
#define mnt_unref_table(...) UM_LAZY(mnt_unref_table)(__VA_ARGS__)
/* clang-format on */

#endif
